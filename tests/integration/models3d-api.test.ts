import { NodeIO } from "@gltf-transform/core";
import { beforeAll, describe, expect, it } from "vitest";
import { drainJobs } from "~/jobs/queue.server";
import { countVertices } from "~/models3d/convert/optimise";
import { MAX_UPLOAD_BYTES, MESSAGES } from "~/models3d/formats";
import { registerModels3dJobs } from "~/models3d/jobs.server";
import { createModelRecord, deleteExpiredModels, getModel } from "~/models3d/models.server";
import { OCTAHEDRON_URN } from "~/models3d/octahedron.server";
import { modelStorage } from "~/models3d/storage.server";
import { issueViewerToken, isValidViewerToken } from "~/models3d/token.server";
import { CONVERT_QUEUE, newUrn } from "~/models3d/upload.server";
import { loader as model } from "~/routes/api.3d.model.$urn";
import { loader as status } from "~/routes/api.3d.status.$urn";
import { action as upload } from "~/routes/api.3d.upload";
import { loader as viewerToken } from "~/routes/api.3d.viewer-token";
import { loader as octahedron } from "~/routes/api.octahedron.generate";
import * as cubes from "../fixtures/models3d/cubes";
import { answerOf, call, get, routeRequest, statusAndBody } from "../support/routes";

/**
 * The 3D API as a client meets it, against the real database: upload → queued conversion → status → model,
 * and every refusal with its message.
 */
function uploadRequest(name: string, bytes: Uint8Array | string) {
  const formData = new FormData();
  formData.append("model", new Blob([bytes as BlobPart]), name);
  return routeRequest("/api/3d/upload", { formData });
}

async function uploadFile(name: string, bytes: Uint8Array | string) {
  return statusAndBody(await call(upload, uploadRequest(name, bytes)));
}

async function statusOf(urn: string) {
  return call(status, get(`/api/3d/status/${urn}`), { params: { urn } });
}

beforeAll(() => {
  registerModels3dJobs();
});

describe("3D upload and conversion", () => {
  it("uploads a cube, converts it in the queue and serves the GLB to a token holder", async () => {
    const uploaded = await uploadFile("cube.obj", cubes.cubeObj());
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toEqual({ urn: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/), status: "stored" });
    const urn = uploaded.body.urn as string;
    expect((await statusOf(urn)).body).toEqual({ status: "stored", progress: "0%" });

    await drainJobs([CONVERT_QUEUE]);
    expect((await statusOf(urn)).body).toEqual({ status: "success", progress: "100%" });

    const noToken = await call(model, get(`/api/3d/model/${urn}`), { params: { urn } });
    expect(noToken.status).toBe(401);
    const forged = routeRequest(`/api/3d/model/${urn}`, {
      headers: { Authorization: "Bearer viewer.9999999999.forged" },
    });
    expect((await call(model, forged, { params: { urn } })).status).toBe(401);

    const token = (await answerOf(await viewerToken())).body as { access_token: string; expires_in: number };
    expect(token.expires_in).toBeGreaterThan(0);
    const response = (await model({
      request: routeRequest(`/api/3d/model/${urn}`, { headers: { Authorization: `Bearer ${token.access_token}` } }),
      params: { urn },
      context: {},
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("model/gltf-binary");
    const glb = new Uint8Array(await response.arrayBuffer());
    expect(countVertices(await new NodeIO().readBinary(glb))).toBe(8);
  });

  it("refuses a PNG renamed to .stl", async () => {
    const png = new Uint8Array([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      0,
      0,
      0,
      13,
      73,
      72,
      68,
      82,
      ...new Array(100).fill(1),
    ]);
    const result = await uploadFile("model.stl", png);
    expect(result.status).toBe(415);
    expect(result.body).toEqual({ error: "This file is a PNG image, not a .stl model." });
  });

  it("refuses an empty file, an unknown extension and a truncated GLB", async () => {
    expect(await uploadFile("empty.obj", new Uint8Array())).toEqual({
      status: 415,
      body: { error: "The file is empty." },
    });
    const txt = await uploadFile("notes.txt", "hello");
    expect(txt.status).toBe(415);
    expect(txt.body.error).toMatch(/^Only these file types are accepted: obj, fbx, dae/);
    const glb = cubes.cubeGlb();
    const truncated = await uploadFile("cube.glb", glb.subarray(0, glb.length - 40));
    expect(truncated).toEqual({ status: 415, body: { error: "This file's contents are not a valid .glb model." } });
  });

  it("refuses an upload over 100 MB, by its declared length and while streaming", async () => {
    const declared = new Request("http://localhost/api/3d/upload", {
      method: "POST",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(MAX_UPLOAD_BYTES + 10_000_000),
      },
      body: "--x--",
    });
    expect(statusAndBody(await call(upload, declared))).toEqual({
      status: 413,
      body: { error: "The file is larger than the 100 MB limit." },
    });

    // No length declared: the stream is cut when it passes the limit, and nothing is kept.
    const boundary = "----models3dboundary";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="model"; filename="huge.stl"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const chunk = new Uint8Array(1024 * 1024).fill(32);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent > MAX_UPLOAD_BYTES + 2 * chunk.length) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const streamed = new Request("http://localhost/api/3d/upload", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(statusAndBody(await call(upload, streamed))).toEqual({
      status: 413,
      body: { error: "The file is larger than the 100 MB limit." },
    });
  });

  it("marks a model that cannot be converted as failed with the spec's message", async () => {
    const broken = new TextEncoder().encode("ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('x'),'2;1');\n");
    const uploaded = await uploadFile("broken.step", broken);
    expect(uploaded.status).toBe(201);
    await drainJobs([CONVERT_QUEUE]);
    const result = await statusOf(uploaded.body.urn);
    expect(result.body.status).toBe("failed");
    expect([MESSAGES.translationFailed, MESSAGES.noGeometry]).toContain(result.body.error);
  });

  it("answers 404 for an unknown urn", async () => {
    expect((await statusOf("no-such-model")).status).toBe(404);
  });

  it("removes expired models and their files", async () => {
    const urn = newUrn();
    await modelStorage.put(`${urn}/source.obj`, cubes.cubeObj());
    await createModelRecord({
      urn,
      originalName: "old.obj",
      format: "obj",
      sizeBytes: 10,
      sessionId: null,
      sourceKey: `${urn}/source.obj`,
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(await deleteExpiredModels()).toBeGreaterThanOrEqual(1);
    expect(await getModel({ urn })).toBeNull();
    expect(await modelStorage.size(`${urn}/source.obj`)).toBeNull();
  });
});

describe("octahedron model and tokens", () => {
  it("builds the octahedron once and serves it as a 6-vertex model", async () => {
    const first = statusAndBody(await answerOf(await octahedron()));
    expect(first.body).toEqual({ urn: OCTAHEDRON_URN, status: "success" });
    expect(statusAndBody(await answerOf(await octahedron()))).toEqual(first);
    const record = await getModel({ urn: OCTAHEDRON_URN });
    const glb = await modelStorage.read(record!.glbKey!);
    const document = await new NodeIO().readBinary(glb);
    expect(countVertices(document)).toBe(6);
    expect(document.getRoot().listMeshes()[0]!.listPrimitives()[0]!.getIndices()!.getCount()).toBe(24); // 8 faces
  });

  it("accepts fresh tokens only", () => {
    const { access_token } = issueViewerToken();
    expect(isValidViewerToken(access_token)).toBe(true);
    expect(isValidViewerToken(access_token.replace(/.$/, (c) => (c === "A" ? "B" : "A")))).toBe(false);
    const old = issueViewerToken(Date.now() - 3600 * 1000).access_token;
    expect(isValidViewerToken(old)).toBe(false);
  });
});
