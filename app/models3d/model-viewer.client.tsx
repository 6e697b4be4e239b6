import { useEffect, useRef } from "react";
import * as THREE from "three";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import { MESSAGES } from "./formats";

/**
 * The three.js viewer (browser only; loaded lazily by viewer.tsx, so three.js ships only with the 3D pages).
 * Drag to orbit, wheel or pinch to zoom, right-drag or shift-drag to pan; "Fit to View" frames the model and
 * "Reset View" returns to the first view.
 */
export type ModelViewerProps = {
  src: string;
  token?: string | null;
  label: string;
  height: number;
  autoSpin?: boolean;
  settleDelayMs?: number;
  fitDelayMs?: number;
  onReady?: () => void;
  onError?: (message: string) => void;
};

export default function ModelViewer({
  src,
  token,
  label,
  height,
  autoSpin = false,
  settleDelayMs = 0,
  fitDelayMs = 0,
  onReady,
  onError,
}: ModelViewerProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<{ fit: () => void; reset: () => void; spin: (on: boolean) => void } | null>(null);
  const callbacks = useRef({ onReady, onError });
  callbacks.current = { onReady, onError };

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
    mount.appendChild(renderer.domElement);

    const scene = new THREE.Scene();
    scene.background = new THREE.Color("#f5f3ff");
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
      const distance = radius / Math.sin((camera.fov * Math.PI) / 360);
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
    };

    const loader = new GLTFLoader();
    if (token) loader.setRequestHeader({ Authorization: `Bearer ${token}` });
    loader.load(
      src,
      (gltf) => {
        if (disposed) return;
        try {
          gltf.scene.traverse((object) => {
            const mesh = object as THREE.Mesh;
            if (!mesh.isMesh) return;
            if (!mesh.geometry.getAttribute("normal")) {
              // Models without normals get flat ones, so faces read as faces under the lights.
              mesh.geometry = mesh.geometry.index ? mesh.geometry.toNonIndexed() : mesh.geometry;
              mesh.geometry.computeVertexNormals();
            }
            const materials = Array.isArray(mesh.material) ? mesh.material : [mesh.material];
            for (const material of materials) material.side = THREE.DoubleSide;
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
          callbacks.current.onError?.(MESSAGES.modelProcessFailed(error instanceof Error ? error.message : String(error)));
        }
      },
      undefined,
      (error) => {
        if (!disposed) callbacks.current.onError?.(MESSAGES.modelLoadFailed(error instanceof Error ? error.message : String(error)));
      },
    );

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
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src, token, height]);

  useEffect(() => {
    actionsRef.current?.spin(autoSpin);
  }, [autoSpin]);

  return (
    <div>
      <div ref={mountRef} style={{ height }} className="w-full overflow-hidden rounded-lg border border-violet-200" />
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="rounded border border-violet-300 bg-white px-3 py-1 text-sm text-ink hover:bg-violet-50" onClick={() => actionsRef.current?.fit()}>
          Fit to View
        </button>
        <button type="button" className="rounded border border-violet-300 bg-white px-3 py-1 text-sm text-ink hover:bg-violet-50" onClick={() => actionsRef.current?.reset()}>
          Reset View
        </button>
        <p className="text-sm text-ink">Drag to orbit, scroll to zoom, right-drag or shift-drag to pan.</p>
      </div>
    </div>
  );
}
