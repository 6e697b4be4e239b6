/**
 * Read-aloud's browser side without React: fetching a clip from the API and the spec's error texts, word for
 * word ('TTS API failed: {status} - {body}', 'No audio data received from TTS API', 'Audio blocked - tap the
 * speaker button again', 'Audio format not supported on this device', 'Audio playback failed', 'TTS failed').
 */
export type PlaybackStatus = "idle" | "loading" | "playing" | "paused" | "stopped" | "error";

export const READ_ALOUD_ERRORS = {
  blocked: "Audio blocked - tap the speaker button again",
  unsupported: "Audio format not supported on this device",
  playback: "Audio playback failed",
  noAudio: "No audio data received from TTS API",
  generic: "TTS failed",
} as const;

export function apiFailedMessage(status: number, body: string): string {
  return `TTS API failed: ${status} - ${body}`;
}

export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

/** Asks the server for the clip; answers an object URL of the MP3, its length and its sentence timings. */
export async function fetchClip(text: string, voiceId: string, signal?: AbortSignal) {
  const response = await fetch("/api/tts/generate", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ text, voiceId, format: "mp3" }),
    signal,
  });
  if (!response.ok) {
    const raw = await response.text();
    let body = raw || response.statusText;
    try {
      body = (JSON.parse(raw) as { error?: string }).error ?? body;
    } catch {
      // not JSON: the text as it came
    }
    throw new Error(apiFailedMessage(response.status, body));
  }
  const json = (await response.json()) as {
    encodedAudio?: string;
    audioLengthInSeconds?: number;
    sentences?: Array<{ text: string; start: number; end: number }>;
  };
  if (!json.encodedAudio) throw new Error(READ_ALOUD_ERRORS.noAudio);
  const binary = atob(json.encodedAudio);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return {
    url: URL.createObjectURL(new Blob([bytes], { type: "audio/mpeg" })),
    durationSeconds: json.audioLengthInSeconds ?? 0,
    sentences: json.sentences ?? [],
  };
}

/** The spec's message for a failed `audio.play()`. */
export function playErrorMessage(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === "NotAllowedError") return READ_ALOUD_ERRORS.blocked;
  if (name === "NotSupportedError") return READ_ALOUD_ERRORS.unsupported;
  return READ_ALOUD_ERRORS.playback;
}

/** The spec's message for an `error` event of the audio element. */
export function mediaErrorMessage(error: MediaError | null): string {
  if (error?.code === 4) return READ_ALOUD_ERRORS.unsupported; // MEDIA_ERR_SRC_NOT_SUPPORTED
  return READ_ALOUD_ERRORS.playback;
}

export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) seconds = 0;
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The spec: on mobile, playback waits 50 ms before starting. */
export function isMobileBrowser(): boolean {
  return typeof navigator !== "undefined" && /Mobi|Android|iPhone|iPad|iPod/i.test(navigator.userAgent);
}
