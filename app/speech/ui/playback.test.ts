import { listenHref, readAloudHref, readAloudVttHref } from "./page-text";
import { apiFailedMessage, formatTime, mediaErrorMessage, playErrorMessage } from "./playback";

describe("read-aloud messages", () => {
  it("uses the spec's texts word for word", () => {
    expect(apiFailedMessage(429, "Too many requests.")).toBe("TTS API failed: 429 - Too many requests.");
    expect(playErrorMessage(Object.assign(new Error("x"), { name: "NotAllowedError" }))).toBe(
      "Audio blocked - tap the speaker button again",
    );
    expect(playErrorMessage(Object.assign(new Error("x"), { name: "NotSupportedError" }))).toBe(
      "Audio format not supported on this device",
    );
    expect(playErrorMessage(new Error("other"))).toBe("Audio playback failed");
    expect(mediaErrorMessage({ code: 4 } as MediaError)).toBe("Audio format not supported on this device");
    expect(mediaErrorMessage({ code: 3 } as MediaError)).toBe("Audio playback failed");
  });

  it("links to the page's audio for browsers without JavaScript", () => {
    expect(readAloudHref("/about", "en-US-natalie")).toBe("/read-aloud?path=%2Fabout&voice=en-US-natalie");
    expect(readAloudHref("/astrology/Mars?x=1", "fr-FR-louis")).toBe(
      "/read-aloud?path=%2Fastrology%2FMars%3Fx%3D1&voice=fr-FR-louis",
    );
  });

  it("links to the listen page and to the audio's timings", () => {
    expect(listenHref("/about", "en-US-natalie")).toBe("/listen?path=%2Fabout&voice=en-US-natalie");
    expect(readAloudVttHref("/about", "en-UK-ruby")).toBe("/read-aloud.vtt?path=%2Fabout&voice=en-UK-ruby");
  });

  it("formats progress times", () => {
    expect(formatTime(0)).toBe("0:00");
    expect(formatTime(92.7)).toBe("1:32");
    expect(formatTime(Number.NaN)).toBe("0:00");
  });
});
