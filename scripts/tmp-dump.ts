import fs from "node:fs";
import { startSiteUnderTest } from "./site-under-test";
const site = await startSiteUnderTest({ dataDir: "/tmp/dump-data" });
try {
  for (const [name, p] of [["forum", "/forum"], ["topic", `/forum/topic/${site.topicId}`]]) {
    for (const round of [1, 2, 3]) {
      const r = await fetch(`${site.app.base}${p}`, { headers: { cookie: site.cookie } });
      fs.writeFileSync(`/tmp/dump-${name}-member${round}.html`, await r.text());
      console.log(name, round, r.status, r.headers.get("x-page-cache"), r.headers.get("cache-control"), r.headers.get("etag"));
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  console.log(site.app.output().slice(-2000));
} finally { await site.stop(); }
