import { fileStore, type FileStore } from "~/utils/file-store.server";

/**
 * Where uploads and converted models live: the shared file store (decision 280), under `models3d/`, so a model
 * uploaded through one instance is converted by whichever claims the job and served by every one.
 */
export type ModelStorage = FileStore;

export const modelStorage: ModelStorage = fileStore.under("models3d");
