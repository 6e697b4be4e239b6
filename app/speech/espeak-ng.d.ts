/** The parts of npm `espeak-ng` (an Emscripten build of eSpeak NG, shipped without types) the speech worker uses. */
declare module "espeak-ng" {
  type FileSystem = {
    writeFile(path: string, data: string | Uint8Array): void;
    readFile(path: string): Uint8Array;
  };
  type Options = {
    arguments: string[];
    preRun?: Array<(module: { FS: FileSystem }) => void>;
    instantiateWasm?: (
      imports: WebAssembly.Imports,
      receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
    ) => object;
    print?: (line: string) => void;
    printErr?: (line: string) => void;
  };
  const ESpeakNg: (options: Options) => Promise<{ FS: FileSystem }>;
  export default ESpeakNg;
}
