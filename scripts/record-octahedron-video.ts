/**
 * Records the site's own short film of the turning octahedron to public/videos/octahedron-turning.webm
 * (run: `npx tsx scripts/record-octahedron-video.ts`). Frames are projected in Node from the same geometry as the
 * page's canvas, drawn in headless Chromium and captured with MediaRecorder (WebM/VP8): no ffmpeg, no third party.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { projectOctahedron, shadeColour } from "../app/numerology/octahedron";
import { chromiumLaunchOptions } from "../tests/support/chromium";

const WIDTH = 800;
const HEIGHT = 320;
const FPS = 30;
const SECONDS = 9;

const frames = Array.from({ length: FPS * SECONDS }, (_, i) => {
  const t = i / (FPS * SECONDS);
  const angleY = 0.6 + t * Math.PI * 2;
  const angleX = -0.35 + Math.sin(t * Math.PI * 2) * 0.25;
  return projectOctahedron(angleX, angleY, WIDTH, HEIGHT).map((f) => ({
    points: f.points,
    fill: shadeColour(f.fill, f.shade),
  }));
});

const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage();
await page.setContent(`<canvas id="c" width="${WIDTH}" height="${HEIGHT}"></canvas>`);
// Plain JavaScript in a string: tsx's transform would otherwise inject helpers the page does not have.
await page.addScriptTag({
  content: `window.record = async function (frames, fps, width, height) {
    const canvas = document.getElementById("c");
    const context = canvas.getContext("2d");
    const draw = (faces) => {
      context.fillStyle = "#0f0c24";
      context.fillRect(0, 0, width, height);
      for (const face of faces) {
        context.beginPath();
        face.points.forEach(([x, y], i) => (i === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
        context.closePath();
        context.fillStyle = face.fill;
        context.fill();
        context.strokeStyle = "#f5f3ff";
        context.lineWidth = 1.5;
        context.stroke();
      }
    };
    draw(frames[0]);
    const stream = canvas.captureStream(fps);
    const recorder = new MediaRecorder(stream, { mimeType: "video/webm;codecs=vp8", videoBitsPerSecond: 600000 });
    const chunks = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (const frame of frames) {
      draw(frame);
      await new Promise((resolve) => setTimeout(resolve, 1000 / fps));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    return btoa(binary);
  };`,
});
const base64 = (await page.evaluate(
  ([frames, fps, width, height]) =>
    (window as unknown as { record: (...args: unknown[]) => Promise<string> }).record(frames, fps, width, height),
  [frames, FPS, WIDTH, HEIGHT] as const,
)) as string;
await browser.close();

const out = path.resolve(import.meta.dirname, "../public/videos");
mkdirSync(out, { recursive: true });
const file = path.join(out, "octahedron-turning.webm");
writeFileSync(file, Buffer.from(base64, "base64"));
writeFileSync(
  path.join(out, "octahedron-turning.vtt"),
  `WEBVTT

00:00:00.000 --> 00:00:0${SECONDS}.000
[Silent animation] The irregular octahedron, 2 long, 2 high and 1 wide, turns once around its upright axis, showing its eight coloured faces in turn.
`,
);
console.log(`wrote ${file} (${Math.round(Buffer.from(base64, "base64").length / 1024)} KiB)`);
