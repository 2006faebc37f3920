import { describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, imageProblem, imageTypeOf } from "./image-check";

const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001", "hex");
const jpeg = Buffer.from("ffd8ffe000104a46494600", "hex");
const webp = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x24, 0, 0, 0]), Buffer.from("WEBPVP8 ")]);

describe("imageProblem", () => {
  it("accepts PNG, JPEG and WebP by their bytes, named for their type", () => {
    expect(imageTypeOf(png)).toBe("png");
    expect(imageTypeOf(jpeg)).toBe("jpeg");
    expect(imageTypeOf(webp)).toBe("webp");
    expect(imageProblem(png, "logo.png")).toBeNull();
    expect(imageProblem(jpeg, "photo.JPG")).toBeNull();
    expect(imageProblem(jpeg, "photo.jpeg")).toBeNull();
    expect(imageProblem(webp, "hero.webp")).toBeNull();
  });

  it("refuses SVG, whatever it is called, and anything that is not one of the three", () => {
    const svg = Buffer.from('\uFEFF<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(imageProblem(svg, "logo.png")).toMatch(/^SVG images are not accepted/);
    expect(imageProblem(Buffer.from("<svg/>"), "x.svg")).toMatch(/^SVG images are not accepted/);
    expect(imageProblem(Buffer.from("GIF89a...."), "x.gif")).toBe(
      "This file is not a PNG, JPEG or WebP image.",
    );
    expect(imageProblem(Buffer.alloc(0), "x.png")).toBe("The image file is empty.");
  });

  it("refuses a name that lies about the type, and anything over 2 MB", () => {
    expect(imageProblem(png, "photo.jpg")).toBe(
      'This file is a PNG image but its name ends in ".jpg": name it .png.',
    );
    const big = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES)]);
    expect(imageProblem(big, "big.png")).toBe(
      "The image is 2.0 MB: at most 2 MB is accepted. Make it smaller and upload it again.",
    );
    expect(
      imageProblem(Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES - png.length)]), "max.png"),
    ).toBeNull();
  });
});
