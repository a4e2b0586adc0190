import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';
import { CAPTCHA_HEIGHT, CAPTCHA_LENGTH, CAPTCHA_WIDTH } from '@portal/contracts';
import { CAPTCHA_ALPHABET, GLYPH_HEIGHT, glyphPixels } from './captcha-font';

const SCALE = 3;
const ADVANCE = 23;

/** The answer comes from the crypto RNG; the noise needs no secrecy. */
export function randomCaptchaText(length = CAPTCHA_LENGTH): string {
  return Array.from({ length }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');
}

const noise = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

type Rgb = readonly [number, number, number];

class Canvas {
  readonly png = new PNG({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });

  fill(color: Rgb): void {
    for (let i = 0; i < this.png.data.length; i += 4) this.set(i, color);
  }

  plot(x: number, y: number, color: Rgb): void {
    if (x < 0 || y < 0 || x >= CAPTCHA_WIDTH || y >= CAPTCHA_HEIGHT) return;
    this.set((y * CAPTCHA_WIDTH + x) * 4, color);
  }

  line(x0: number, y0: number, x1: number, y1: number, color: Rgb): void {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let s = 0; s <= steps; s += 1) {
      this.plot(Math.round(x0 + ((x1 - x0) * s) / steps), Math.round(y0 + ((y1 - y0) * s) / steps), color);
    }
  }

  private set(offset: number, [r, g, b]: Rgb): void {
    this.png.data[offset] = r;
    this.png.data[offset + 1] = g;
    this.png.data[offset + 2] = b;
    this.png.data[offset + 3] = 255;
  }
}

/** A 150x50 PNG of the text: scaled, sheared and jittered glyphs over dots and crossing lines. */
export function drawCaptcha(text: string): Buffer {
  const canvas = new Canvas();
  canvas.fill([noise(235, 250), noise(235, 250), noise(235, 250)]);
  for (let i = 0; i < 300; i += 1) {
    canvas.plot(noise(0, CAPTCHA_WIDTH - 1), noise(0, CAPTCHA_HEIGHT - 1), [
      noise(120, 220),
      noise(120, 220),
      noise(120, 220),
    ]);
  }
  [...text].forEach((char, index) => {
    const color: Rgb = [noise(10, 110), noise(10, 110), noise(10, 110)];
    const left = 8 + index * ADVANCE + noise(-2, 2);
    const top = 14 + noise(-6, 6);
    const shear = noise(-4, 4) / 10;
    for (const [gx, gy] of glyphPixels(char)) {
      const x = left + gx * SCALE + Math.round(shear * (GLYPH_HEIGHT / 2 - gy) * SCALE);
      const y = top + gy * SCALE;
      for (let dx = 0; dx < SCALE; dx += 1) {
        for (let dy = 0; dy < SCALE; dy += 1) canvas.plot(x + dx, y + dy, color);
      }
    }
  });
  for (let i = 0; i < 5; i += 1) {
    canvas.line(
      noise(0, 20),
      noise(5, CAPTCHA_HEIGHT - 5),
      noise(CAPTCHA_WIDTH - 20, CAPTCHA_WIDTH - 1),
      noise(5, CAPTCHA_HEIGHT - 5),
      [noise(60, 160), noise(60, 160), noise(60, 160)],
    );
  }
  return PNG.sync.write(canvas.png, { colorType: 2 });
}
