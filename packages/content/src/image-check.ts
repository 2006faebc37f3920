// Uploaded images are checked by their bytes, in the editor before saving and on the server before
// writing: PNG, JPEG or WebP only (never SVG, which can carry scripts), at most 2 MB. No Node API:
// the editor runs this in the browser.

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

type ImageType = "png" | "jpeg" | "webp";

const EXTENSIONS: Record<ImageType, readonly string[]> = {
  png: ["png"],
  jpeg: ["jpg", "jpeg"],
  webp: ["webp"],
};

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

/** The image type the bytes are, by their signature, or null. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return "webp";
  return null;
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  return head.startsWith("<svg") || (head.startsWith("<") && head.includes("<svg"));
}

const megabytes = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;

/**
 * Why these bytes cannot be an uploaded image called `fileName`, or null when they can: a PNG, JPEG
 * or WebP of at most 2 MB whose name ends in its type's extension.
 */
export function imageProblem(bytes: Uint8Array, fileName: string): string | null {
  if (bytes.length === 0) return "The image file is empty.";
  if (bytes.length > MAX_IMAGE_BYTES) {
    return `The image is ${megabytes(bytes.length)}: at most 2 MB is accepted. Make it smaller and upload it again.`;
  }
  const type = imageTypeOf(bytes);
  if (!type) {
    return looksLikeSvg(bytes)
      ? "SVG images are not accepted (they can contain scripts): upload a PNG, JPEG or WebP image."
      : "This file is not a PNG, JPEG or WebP image.";
  }
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? "";
  if (!EXTENSIONS[type].includes(extension)) {
    return `This file is a ${type.toUpperCase()} image but its name ends in ".${extension}": name it .${EXTENSIONS[type][0]}.`;
  }
  return null;
}
