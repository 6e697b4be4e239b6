// The WASM readers ship without type declarations; these describe the parts this folder uses.
declare module "assimpjs" {
  type ResultFile = { GetPath(): string; GetContent(): Uint8Array };
  type Result = { IsSuccess(): boolean; GetErrorCode(): string; FileCount(): number; GetFile(i: number): ResultFile };
  type Assimp = {
    FileList: new () => { AddFile(name: string, content: Uint8Array): void };
    ConvertFileList(list: unknown, format: "gltf2" | "glb2" | "assjson"): Result;
  };
  const assimpjs: () => Promise<Assimp>;
  export default assimpjs;
}

declare module "occt-import-js" {
  type OcctMesh = {
    name?: string;
    color?: [number, number, number];
    attributes: { position: { array: number[] }; normal?: { array: number[] } };
    index: { array: number[] };
  };
  type OcctResult = { success: boolean; meshes: OcctMesh[] };
  type Occt = {
    ReadStepFile(content: Uint8Array, params: unknown): OcctResult;
    ReadIgesFile(content: Uint8Array, params: unknown): OcctResult;
  };
  const occtimportjs: () => Promise<Occt>;
  export default occtimportjs;
}

declare module "color-name" {
  const names: Record<string, [number, number, number]>;
  export default names;
}
