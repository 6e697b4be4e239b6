import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import * as THREE from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import { GLTFLoader, type GLTF, type GLTFParser } from "three/examples/jsm/loaders/GLTFLoader.js";
import { MESSAGES, requestProblem } from "../formats";
import { parseSummary, type ModelSummary } from "../summary";
import { fitDistance, readableLineColour, VIEWER_BACKGROUND, VIEWER_DEFAULT_COLOUR } from "./viewer-look";

/**
 * The three.js viewer (browser only; loaded lazily by viewer.tsx, so three.js ships only with the 3D pages).
 * Drag to orbit, wheel or pinch to zoom, right-drag or shift-drag to pan; "Fit to View" frames the model and
 * "Reset View" returns to the first view. Without dragging (WCAG 2.5.7) the view turns and zooms from the
 * keyboard (arrow keys and +/- on the focused view) and from buttons, one per standard view; each change is
 * announced in a polite live region.
 */
export const TURN_DEGREES = 15;
export const ZOOM_FACTOR = 1.25;

/** Standard views: the direction the camera looks from, as polar angle (from +y) and azimuth (from +z). */
const STANDARD_VIEWS = [
  { name: "Front", phi: 90, theta: 0 },
  { name: "Back", phi: 90, theta: 180 },
  { name: "Left", phi: 90, theta: -90 },
  { name: "Right", phi: 90, theta: 90 },
  { name: "Top", phi: 0, theta: 0 },
  { name: "Bottom", phi: 180, theta: 0 },
] as const;

type Actions = {
  fit: () => void;
  reset: () => void;
  spin: (on: boolean) => void;
  turn: (degreesAround: number, degreesUp: number) => string;
  zoom: (factor: number) => string;
  view: (phi: number, theta: number) => string;
};
export type ModelViewerProps = {
  src: string;
  /** the viewer token to send with the model request (`fresh`: a new one, after a 401); none for signed links */
  getToken?: (fresh?: boolean) => Promise<string | null>;
  label: string;
  height: number;
  autoSpin?: boolean;
  settleDelayMs?: number;
  fitDelayMs?: number;
  onReady?: () => void;
  onError?: (message: string) => void;
  /** the converter's description of the model, read from the GLB once it has loaded (null when it has none) */
  onSummary?: (summary: ModelSummary | null) => void;
};

export default function ModelViewer({
  src,
  getToken,
  label,
  height,
  autoSpin = false,
  settleDelayMs = 0,
  fitDelayMs = 0,
  onReady,
  onError,
  onSummary,
}: ModelViewerProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<Actions | null>(null);
  const callbacks = useRef({ onReady, onError, onSummary, getToken });
  callbacks.current = { onReady, onError, onSummary, getToken };
  const [announcement, setAnnouncement] = useState("");
  const hintId = useId();

  useEffect(() => {
    const mount = mountRef.current!;
    let renderer: THREE.WebGLRenderer;
    try {
      renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    } catch {
      callbacks.current.onError?.(MESSAGES.viewerInitFailed);
      return;
    }
    const timers: number[] = [];
    let disposed = false;
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    renderer.setSize(mount.clientWidth || 600, height);
    renderer.outputColorSpace = THREE.SRGBColorSpace;
    renderer.domElement.setAttribute("role", "img");
    renderer.domElement.setAttribute("aria-label", `3D view of ${label}`);
    renderer.domElement.setAttribute("aria-describedby", hintId);
    renderer.domElement.tabIndex = 0;
    renderer.domElement.className = "focus:outline focus:outline-4 focus:outline-cosmic";
    mount.appendChild(renderer.domElement);

    const scene = new THREE.Scene();
    scene.background = new THREE.Color(VIEWER_BACKGROUND);
    scene.add(new THREE.HemisphereLight(0xffffff, 0x444466, 2.2));
    const sun = new THREE.DirectionalLight(0xffffff, 2.2);
    sun.position.set(3, 5, 4);
    scene.add(sun);
    const camera = new THREE.PerspectiveCamera(45, (mount.clientWidth || 600) / height, 0.01, 1000);
    camera.position.set(3, 2, 4);
    const controls = new OrbitControls(camera, renderer.domElement);
    controls.enableDamping = true;
    controls.autoRotateSpeed = 2;
    controls.autoRotate = autoSpin;
    let home = { position: camera.position.clone(), target: controls.target.clone() };
    const root = new THREE.Group();
    scene.add(root);

    const fit = () => {
      const box = new THREE.Box3().setFromObject(root);
      if (box.isEmpty()) return false;
      const size = box.getSize(new THREE.Vector3());
      const center = box.getCenter(new THREE.Vector3());
      const radius = Math.max(size.length() / 2, 1e-6);
      const distance = fitDistance(radius, camera.fov, camera.aspect);
      const direction = new THREE.Vector3(1, 0.7, 1.2).normalize();
      camera.position.copy(center).addScaledVector(direction, distance * 1.1);
      camera.near = distance / 100;
      camera.far = distance * 100;
      camera.updateProjectionMatrix();
      controls.target.copy(center);
      controls.update();
      return true;
    };
    actionsRef.current = {
      fit: () => {
        fit();
        requestRender();
      },
      reset: () => {
        camera.position.copy(home.position);
        controls.target.copy(home.target);
        controls.update();
        requestRender();
      },
      spin: (on) => {
        controls.autoRotate = on;
        requestRender();
      },
      turn: (around, up) => {
        const s = orbit();
        s.theta += THREE.MathUtils.degToRad(around);
        s.phi = THREE.MathUtils.clamp(s.phi - THREE.MathUtils.degToRad(up), 1e-4, Math.PI - 1e-4);
        place(s);
        return describeView(s);
      },
      zoom: (factor) => {
        const s = orbit();
        s.radius = THREE.MathUtils.clamp(s.radius / factor, controls.minDistance, controls.maxDistance);
        place(s);
        return `distance ${formatDistance(s.radius)}`;
      },
      view: (phi, theta) => {
        const s = orbit();
        s.phi = THREE.MathUtils.clamp(THREE.MathUtils.degToRad(phi), 1e-4, Math.PI - 1e-4);
        s.theta = THREE.MathUtils.degToRad(theta);
        place(s);
        return describeView(s);
      },
    };
    // The camera's place around the point it looks at, as a sphere's coordinates.
    function orbit() {
      controls.autoRotate = false;
      return new THREE.Spherical().setFromVector3(camera.position.clone().sub(controls.target));
    }
    function place(s: THREE.Spherical) {
      s.makeSafe();
      camera.position.copy(controls.target).add(new THREE.Vector3().setFromSpherical(s));
      camera.lookAt(controls.target);
      // Damping would carry on a drag's leftover motion after a keyboard move: settle it first.
      const damping = controls.enableDamping;
      controls.enableDamping = false;
      controls.update();
      controls.enableDamping = damping;
      requestRender();
    }

    const onLoaded = (gltf: GLTF) => {
      if (disposed) return;
      try {
        const extras = (gltf.parser.json as { extras?: { summary?: unknown } }).extras;
        callbacks.current.onSummary?.(parseSummary(extras?.summary));
        gltf.scene.traverse((object) => {
          const line = object as THREE.LineSegments;
          if (line.isLine) {
            // a drawing's lines stand out from the background by 3:1 (WCAG 1.4.11; dark DWG ink measured 1.25:1)
            for (const material of Array.isArray(line.material) ? line.material : [line.material]) {
              const ink = material as THREE.LineBasicMaterial;
              if (ink.color && !ink.vertexColors) ink.color.setRGB(...readableLineColour(ink.color.toArray()));
            }
            return;
          }
          const mesh = object as THREE.Mesh;
          if (!mesh.isMesh) return;
          if (!mesh.geometry.getAttribute("normal")) {
            // Models without normals get flat ones, so faces read as faces under the lights.
            mesh.geometry = mesh.geometry.index ? mesh.geometry.toNonIndexed() : mesh.geometry;
            mesh.geometry.computeVertexNormals();
          }
          const own = (Array.isArray(mesh.material) ? mesh.material : [mesh.material]).map((material) =>
            isDefaultMaterial(gltf, material) ? defaultMaterial() : material,
          );
          for (const material of own) material.side = THREE.DoubleSide;
          mesh.material = Array.isArray(mesh.material) ? own : own[0]!;
        });
        root.add(gltf.scene);
        requestRender();
        if (!fit()) {
          callbacks.current.onError?.(MESSAGES.noGeometry);
          return;
        }
        home = { position: camera.position.clone(), target: controls.target.clone() };
        timers.push(
          window.setTimeout(() => {
            if (disposed) return;
            if (fitDelayMs > 0) timers.push(window.setTimeout(() => !disposed && fit() && requestRender(), fitDelayMs));
            callbacks.current.onReady?.();
          }, settleDelayMs),
        );
      } catch (error) {
        console.error("The model could not be shown", error); // its detail is for the console, not the page
        callbacks.current.onError?.(MESSAGES.modelProcessFailed("its data could not be drawn"));
      }
    };
    // With a viewer token: the one held (renewed before it expires), and once more with a new one after a 401.
    const load = async (fresh: boolean) => {
      const loader = new GLTFLoader().register(decodeImagesAsElements);
      const getToken = callbacks.current.getToken;
      const token = getToken ? await getToken(fresh) : null;
      if (disposed) return;
      if (token) loader.setRequestHeader({ Authorization: `Bearer ${token}` });
      loader.load(src, onLoaded, undefined, (error) => {
        if (disposed) return;
        if (!fresh && getToken && (error as { response?: Response }).response?.status === 401) return void load(true);
        console.error("The model could not be fetched", error);
        callbacks.current.onError?.(MESSAGES.modelLoadFailed(requestProblem(error)));
      });
    };
    void load(false);

    // Frames are drawn on demand (a change, damping, auto-spin), not continuously: software WebGL stays cheap.
    let frame = 0;
    const tick = () => {
      frame = 0;
      const moving = controls.update();
      renderer.render(scene, camera);
      if (moving || controls.autoRotate) requestRender();
    };
    const requestRender = () => {
      if (!frame && !disposed) frame = requestAnimationFrame(tick);
    };
    controls.addEventListener("change", requestRender);
    requestRender();
    const resize = new ResizeObserver(() => {
      const width = mount.clientWidth || 600;
      renderer.setSize(width, height);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      requestRender();
    });
    resize.observe(mount);

    return () => {
      disposed = true;
      timers.forEach((t) => clearTimeout(t));
      cancelAnimationFrame(frame);
      resize.disconnect();
      controls.dispose();
      renderer.dispose();
      renderer.domElement.remove();
      actionsRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the scene is rebuilt only for a new model or size; the callbacks are read through a ref and the rest is set up inside
  }, [src, height]);

  useEffect(() => {
    actionsRef.current?.spin(autoSpin);
  }, [autoSpin]);

  const act = (run: (actions: Actions) => string) => {
    const actions = actionsRef.current;
    if (actions) setAnnouncement(run(actions));
  };
  const turn = (around: number, up: number, what: string) => act((a) => `${what}: ${a.turn(around, up)}.`);
  const zoom = (factor: number, what: string) => act((a) => `${what}: ${a.zoom(factor)}.`);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== mountRef.current?.firstChild || event.altKey || event.ctrlKey || event.metaKey) return;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => turn(-TURN_DEGREES, 0, "Turned left"),
      ArrowRight: () => turn(TURN_DEGREES, 0, "Turned right"),
      ArrowUp: () => turn(0, TURN_DEGREES, "Turned up"),
      ArrowDown: () => turn(0, -TURN_DEGREES, "Turned down"),
      "+": () => zoom(ZOOM_FACTOR, "Zoomed in"),
      "=": () => zoom(ZOOM_FACTOR, "Zoomed in"),
      "-": () => zoom(1 / ZOOM_FACTOR, "Zoomed out"),
      _: () => zoom(1 / ZOOM_FACTOR, "Zoomed out"),
    };
    const handler = keys[event.key];
    if (!handler) return;
    event.preventDefault();
    handler();
  };
  const button = "rounded border border-violet-300 bg-white px-3 py-1 text-sm text-ink hover:bg-violet-50";

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- catches the keys of the focusable canvas inside (onKeyDown checks the target); the wrapper itself takes no focus
    <div onKeyDown={onKeyDown}>
      <div ref={mountRef} style={{ height }} className="w-full overflow-hidden rounded-lg border border-violet-200" />
      <p id={hintId} className="mt-2 text-sm text-ink">
        Drag to orbit, scroll to zoom, right-drag or shift-drag to pan. Or focus the view and use the arrow keys to turn
        it and + or - to zoom, or use the buttons below.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={button} onClick={() => act((a) => (a.fit(), "Fitted the model to the view."))}>
          Fit to View
        </button>
        <button type="button" className={button} onClick={() => act((a) => (a.reset(), "Back to the first view."))}>
          Reset View
        </button>
      </div>
      <div role="group" aria-label="Turn and zoom" className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={button} onClick={() => turn(-TURN_DEGREES, 0, "Turned left")}>
          Turn left
        </button>
        <button type="button" className={button} onClick={() => turn(TURN_DEGREES, 0, "Turned right")}>
          Turn right
        </button>
        <button type="button" className={button} onClick={() => turn(0, TURN_DEGREES, "Turned up")}>
          Turn up
        </button>
        <button type="button" className={button} onClick={() => turn(0, -TURN_DEGREES, "Turned down")}>
          Turn down
        </button>
        <button type="button" className={button} onClick={() => zoom(ZOOM_FACTOR, "Zoomed in")}>
          Zoom in
        </button>
        <button type="button" className={button} onClick={() => zoom(1 / ZOOM_FACTOR, "Zoomed out")}>
          Zoom out
        </button>
      </div>
      <div role="group" aria-label="Standard views" className="mt-2 flex flex-wrap gap-2">
        {STANDARD_VIEWS.map((v) => (
          <button
            key={v.name}
            type="button"
            className={button}
            onClick={() => act((a) => `${v.name} view: ${a.view(v.phi, v.theta)}.`)}
          >
            {v.name} view
          </button>
        ))}
      </div>
      <p aria-live="polite" role="status" className="mt-2 min-h-6 text-sm text-ink">
        {announcement}
      </p>
    </div>
  );
}

/**
 * glTF's default material (a primitive without one: white, fully metallic, so nearly black without an
 * environment map) and the converter's stand-in colour (`extras.defaultColour`, a file that gave none) are shown
 * with the viewer's own: a light, matte grey that reads on the background and under the lights.
 */
function isDefaultMaterial(gltf: GLTF, material: THREE.Material): boolean {
  return !gltf.parser.associations.has(material) || material.userData.defaultColour === true;
}
function defaultMaterial(): THREE.Material {
  return new THREE.MeshStandardMaterial({ color: VIEWER_DEFAULT_COLOUR, metalness: 0, roughness: 0.65 });
}

/**
 * Textures embedded in a GLB reach the loader as `blob:` addresses of their bytes. three.js reads them with
 * `fetch` + `createImageBitmap` where it can, and the site's CSP keeps `connect-src` to 'self' (no `blob:`), so the
 * images were refused and textured models showed white. Decoded through an image element instead, they fall
 * under `img-src`, which allows `blob:` already (decision 141): nothing else opens in the policy.
 */
function decodeImagesAsElements(parser: GLTFParser) {
  const options = (parser as unknown as { options: { manager: THREE.LoadingManager; crossOrigin: string } }).options;
  const loader = new THREE.TextureLoader(options.manager);
  loader.setCrossOrigin(options.crossOrigin);
  (parser as unknown as { textureLoader: THREE.TextureLoader }).textureLoader = loader;
  return { name: "site_images_as_elements" };
}

/** Where the camera is, in words: degrees round from the front (clockwise seen from above) and above the horizon. */
function describeView(s: THREE.Spherical): string {
  const around = Math.round(((THREE.MathUtils.radToDeg(s.theta) % 360) + 360) % 360) % 360;
  const up = Math.round(90 - THREE.MathUtils.radToDeg(s.phi));
  return `looking from ${around}° round and ${Math.abs(up)}° ${up < 0 ? "below" : "above"} the horizon`;
}

function formatDistance(distance: number): string {
  return new Intl.NumberFormat("en-GB", { maximumSignificantDigits: 3 }).format(distance);
}
