import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { models3d } from "#db/schema";
import { drainJobs, enqueueJob } from "~/jobs/queue.server";
import { GAVE_UP_DETAIL, MESSAGES } from "~/models3d/formats";
import { registerModels3dJobs } from "~/models3d/jobs.server";
import { failAbandonedConversions } from "~/models3d/models.server";
import { modelStorage } from "~/models3d/storage.server";
import { CONVERT_QUEUE } from "~/models3d/upload.server";
import { loader as viewerPage } from "~/routes/3d-viewer_.$urn";
import { loader as status } from "~/routes/api.3d.status.$urn";
import { action as upload } from "~/routes/api.3d.upload";
import { env } from "~/utils/env.server";
import { call, get, routeRequest } from "../support/routes";

/**
 * A failed conversion names its reason, through the API as a client meets it: the spec's 'No viewable geometry
 * found in the model' when there is nothing to draw, and the spec's 'Model translation failed…' with the reason
 * written for visitors when the file uses something the converter refuses. UTF-16 uploads are accepted.
 */
async function uploadFile(name: string, bytes: Uint8Array): Promise<{ status: number; urn: string }> {
  const formData = new FormData();
  formData.append("model", new Blob([bytes as BlobPart]), name);
  const { status, body } = await call(upload, routeRequest("/api/3d/upload", { formData }));
  return { status, urn: (body as { urn: string }).urn };
}

async function statusOf(urn: string): Promise<Record<string, string>> {
  return (await call(status, get(`/api/3d/status/${urn}`), { params: { urn } })).body as Record<string, string>;
}

const x3d = (scene: string) => new TextEncoder().encode(`<X3D version="3.3"><Scene>${scene}</Scene></X3D>`);

beforeAll(() => {
  registerModels3dJobs();
});

describe("failure reasons", () => {
  it("says 'No viewable geometry found in the model' for a scene with nothing to draw", async () => {
    const uploaded = await uploadFile("words.x3d", x3d("<Shape><Text string='\"only words\"'/></Shape><Viewpoint/>"));
    expect(uploaded.status).toBe(201);
    await drainJobs([CONVERT_QUEUE]);
    expect(await statusOf(uploaded.urn)).toMatchObject({ status: "failed", error: MESSAGES.noGeometry });
  });

  it("gives the reason under the spec's message when an X3D scene loads another file", async () => {
    const uploaded = await uploadFile("inline.x3d", x3d("<Inline url='\"https://example.com/part.x3d\"'/>"));
    await drainJobs([CONVERT_QUEUE]);
    const body = await statusOf(uploaded.urn);
    expect(body.status).toBe("failed");
    expect(body.error).toBe(MESSAGES.translationFailed);
    expect(body.detail).toMatch(
      /^the X3D scene loads another file through an Inline node \("https:\/\/example.com\/part.x3d"\); outside files are never fetched/,
    );
  });

  it("accepts and converts an OBJ saved as UTF-16 (little-endian) and a .x3dv ClassicVRML file", async () => {
    const obj = Buffer.from("\uFEFFv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", "utf16le");
    const classic = new TextEncoder().encode("#X3D V3.3 utf8\nShape { geometry Box { } }\n");
    const uploads = [await uploadFile("unicode.obj", new Uint8Array(obj)), await uploadFile("box.x3dv", classic)];
    expect(uploads.map((u) => u.status)).toEqual([201, 201]);
    await drainJobs([CONVERT_QUEUE]);
    for (const { urn } of uploads) expect(await statusOf(urn)).toEqual({ status: "success", progress: "100%" });
  });

  it("marks a conversion the queue gave up on failed, with a reason the page shows (decision 299)", async () => {
    const uploaded = await uploadFile("lost.obj", new TextEncoder().encode("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"));
    expect(uploaded.status).toBe(201);
    // The source went missing (a storage fault): each attempt throws, as an infrastructure error does.
    await modelStorage.remove(uploaded.urn);
    await enqueueJob(CONVERT_QUEUE, { urn: uploaded.urn }, { maxAttempts: 1 });
    await drainJobs([CONVERT_QUEUE]);
    const body = await statusOf(uploaded.urn);
    expect(body).toMatchObject({ status: "failed", error: MESSAGES.translationFailed, detail: GAVE_UP_DETAIL });
    const page = await call(viewerPage, get(`/3d-viewer/${uploaded.urn}`), { params: { urn: uploaded.urn } });
    expect(page.body).toMatchObject({ failure: MESSAGES.translationFailed, failureDetail: GAVE_UP_DETAIL });
  });

  it("marks a conversion abandoned a day ago (its worker died on the last attempt) failed, and no other", async () => {
    const triangle = new TextEncoder().encode("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    const [stale, fresh] = [await uploadFile("stale.obj", triangle), await uploadFile("fresh.obj", triangle)];
    await db
      .update(models3d)
      .set({ status: "converting", updatedAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(models3d.urn, stale.urn));
    const error = `gave_up: ${GAVE_UP_DETAIL}`;
    expect(await failAbandonedConversions({ error })).toBeGreaterThanOrEqual(1);
    expect(await statusOf(stale.urn)).toMatchObject({ status: "failed", detail: GAVE_UP_DETAIL });
    expect((await statusOf(fresh.urn)).status).not.toBe("failed");
  });

  it("refuses to store a conversion whose output is past its bound (a ratio to the upload), with the reason", async () => {
    const saved = { ratio: env.MODELS3D_OUTPUT_RATIO, floor: env.MODELS3D_OUTPUT_FLOOR_MB };
    // At most twice the upload and no floor: a triangle's OBJ (36 bytes) makes a GLB and poster of about 2 KB.
    Object.assign(env, { MODELS3D_OUTPUT_RATIO: 2, MODELS3D_OUTPUT_FLOOR_MB: 0.000001 });
    try {
      const uploaded = await uploadFile("tri.obj", new TextEncoder().encode("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"));
      expect(uploaded.status).toBe(201);
      await drainJobs([CONVERT_QUEUE]);
      const body = await statusOf(uploaded.urn);
      expect(body).toMatchObject({ status: "failed", error: MESSAGES.translationFailed });
      expect(body.detail).toMatch(
        /^The converted model would take \d+\.\d KB, more than the 64 bytes allowed for an upload of 32 bytes \(at most 2 times the upload, and never more than 128 MB\)\.$/,
      );
    } finally {
      Object.assign(env, { MODELS3D_OUTPUT_RATIO: saved.ratio, MODELS3D_OUTPUT_FLOOR_MB: saved.floor });
    }
  });
});
