import jsQR from 'jsqr';
import { extractImages } from 'unpdf';

/**
 * pdf.js (inside unpdf) transfers image buffers with ArrayBuffer's transferToFixedLength, which Node
 * gains only in version 21; on Node 20 a copy does the same for a reader of the pixels.
 */
function ensureTransferToFixedLength(): void {
  const prototype = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: (length?: number) => ArrayBuffer };
  if (typeof prototype.transferToFixedLength === 'function') return;
  Object.defineProperty(prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length: number = this.byteLength) {
      const copy = new Uint8Array(length);
      copy.set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy.buffer;
    },
  });
}

/**
 * The text of every QR code drawn as an image on the PDF's first page: the images are extracted as raw
 * pixels (unpdf), widened to RGBA, and decoded (jsQR). Shared by the HTTP tests and the browser tests.
 */
export async function decodePdfQrCodes(pdf: Uint8Array): Promise<string[]> {
  ensureTransferToFixedLength();
  const images = await extractImages(new Uint8Array(pdf), 1);
  const decoded: string[] = [];
  for (const image of images) {
    const rgba = new Uint8ClampedArray(image.width * image.height * 4);
    for (let pixel = 0; pixel < image.width * image.height; pixel += 1) {
      for (let channel = 0; channel < 3; channel += 1) {
        // A grey image has one channel: it stands for red, green and blue alike.
        rgba[pixel * 4 + channel] = image.data[pixel * image.channels + (image.channels >= 3 ? channel : 0)] ?? 0;
      }
      rgba[pixel * 4 + 3] = 255;
    }
    const code = jsQR(rgba, image.width, image.height);
    if (code !== null) decoded.push(code.data);
  }
  return decoded;
}
