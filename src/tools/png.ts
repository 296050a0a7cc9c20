// Just enough PNG for the manifest screenshots (capture-screenshots.ts), with no dependency:
// reads the size, and re-encodes Chromium's 8-bit RGB(A) screenshots smaller: no alpha channel
// when every pixel is opaque, a palette when there are at most 256 colours (else the colours are
// reduced to 256 with a median cut, which UI screenshots survive well), and deflate at its best.
import { deflateSync, inflateSync } from 'node:zlib'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Width and height from the IHDR chunk (the first chunk of every PNG). */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const buf = Buffer.from(png)
  if (!buf.subarray(0, 8).equals(SIGNATURE) || buf.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG')
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) }
}

interface Image {
  width: number
  height: number
  /** RGBA, 4 bytes a pixel. */
  rgba: Uint8Array
}

function paeth(a: number, b: number, c: number) {
  const p = a + b - c
  const pa = Math.abs(p - a)
  const pb = Math.abs(p - b)
  const pc = Math.abs(p - c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

function decode(png: Uint8Array): Image {
  const buf = Buffer.from(png)
  const { width, height } = pngSize(buf)
  const depth = buf[24]
  const colorType = buf[25]
  const interlace = buf[28]
  if (depth !== 8 || (colorType !== 2 && colorType !== 6) || interlace !== 0) {
    throw new Error(`unsupported PNG (depth ${depth}, colour type ${colorType}, interlace ${interlace})`)
  }
  const idat: Buffer[] = []
  for (let at = 8; at < buf.length; ) {
    const length = buf.readUInt32BE(at)
    const type = buf.toString('latin1', at + 4, at + 8)
    if (type === 'IDAT') idat.push(buf.subarray(at + 8, at + 8 + length))
    at += 12 + length
  }
  const data = inflateSync(Buffer.concat(idat))
  const bpp = colorType === 6 ? 4 : 3
  const stride = width * bpp
  const rows = new Uint8Array(height * stride)
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)]!
    const src = y * (stride + 1) + 1
    const out = y * stride
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? rows[out + x - bpp]! : 0
      const b = y > 0 ? rows[out - stride + x]! : 0
      const c = x >= bpp && y > 0 ? rows[out - stride + x - bpp]! : 0
      const raw = data[src + x]!
      const value = filter === 0 ? raw : filter === 1 ? raw + a : filter === 2 ? raw + b : filter === 3 ? raw + ((a + b) >> 1) : raw + paeth(a, b, c)
      rows[out + x] = value & 0xff
    }
  }
  const rgba = new Uint8Array(width * height * 4)
  for (let i = 0, j = 0; i < width * height; i++, j += bpp) {
    rgba[i * 4] = rows[j]!
    rgba[i * 4 + 1] = rows[j + 1]!
    rgba[i * 4 + 2] = rows[j + 2]!
    rgba[i * 4 + 3] = bpp === 4 ? rows[j + 3]! : 255
  }
  return { width, height, rgba }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array) {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, body: Uint8Array) {
  const out = Buffer.alloc(12 + body.length)
  out.writeUInt32BE(body.length, 0)
  out.write(type, 4, 'latin1')
  Buffer.from(body).copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length)
  return out
}

/** Rows with, for truecolour, the filter that makes each row cheapest (minimum sum of |bytes|). */
function filtered(pixels: Uint8Array, width: number, height: number, bpp: number, adaptive: boolean) {
  const stride = width * bpp
  const out = new Uint8Array(height * (stride + 1))
  const trial = new Uint8Array(stride)
  for (let y = 0; y < height; y++) {
    const row = y * stride
    let bestCost = Infinity
    for (const filter of adaptive ? [0, 1, 2, 3, 4] : [0]) {
      let cost = 0
      for (let x = 0; x < stride; x++) {
        const a = x >= bpp ? pixels[row + x - bpp]! : 0
        const b = y > 0 ? pixels[row - stride + x]! : 0
        const c = x >= bpp && y > 0 ? pixels[row - stride + x - bpp]! : 0
        const raw = pixels[row + x]!
        const pred = filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : paeth(a, b, c)
        const v = (raw - pred) & 0xff
        trial[x] = v
        cost += v < 128 ? v : 256 - v
      }
      if (cost < bestCost) {
        bestCost = cost
        out[y * (stride + 1)] = filter
        out.set(trial, y * (stride + 1) + 1)
      }
    }
  }
  return out
}

/** Median cut to at most `max` colours (opaque images): the palette and each pixel's index. */
function quantise(rgba: Uint8Array, max: number) {
  const count = rgba.length / 4
  // Histogram on the full colour (UI screenshots have few distinct colours, mostly flat areas).
  const hist = new Map<number, number>()
  for (let i = 0; i < count; i++) {
    const key = (rgba[i * 4]! << 16) | (rgba[i * 4 + 1]! << 8) | rgba[i * 4 + 2]!
    hist.set(key, (hist.get(key) ?? 0) + 1)
  }
  type Box = { colors: [number, number][] }
  const channel = (color: number, ch: number) => (color >> (16 - ch * 8)) & 0xff
  const spread = (box: Box) => {
    let best = { ch: 0, range: -1 }
    for (let ch = 0; ch < 3; ch++) {
      let lo = 255
      let hi = 0
      for (const [c] of box.colors) {
        const v = channel(c, ch)
        if (v < lo) lo = v
        if (v > hi) hi = v
      }
      if (hi - lo > best.range) best = { ch, range: hi - lo }
    }
    return best
  }
  const boxes: Box[] = [{ colors: [...hist.entries()] }]
  while (boxes.length < max) {
    // Split the box whose widest channel, weighted by its pixels, is the largest.
    let pick = -1
    let pickScore = 0
    for (let i = 0; i < boxes.length; i++) {
      if (boxes[i]!.colors.length < 2) continue
      const pixels = boxes[i]!.colors.reduce((s, [, n]) => s + n, 0)
      const score = spread(boxes[i]!).range * Math.sqrt(pixels)
      if (score > pickScore) {
        pickScore = score
        pick = i
      }
    }
    if (pick < 0) break
    const box = boxes[pick]!
    const { ch } = spread(box)
    box.colors.sort((x, y) => channel(x[0], ch) - channel(y[0], ch))
    const total = box.colors.reduce((s, [, n]) => s + n, 0)
    let acc = 0
    let cut = 1
    for (; cut < box.colors.length - 1; cut++) {
      acc += box.colors[cut - 1]![1]
      if (acc >= total / 2) break
    }
    boxes.splice(pick, 1, { colors: box.colors.slice(0, cut) }, { colors: box.colors.slice(cut) })
  }
  const palette: number[] = []
  const indexOf = new Map<number, number>()
  boxes.forEach((box, i) => {
    let r = 0
    let g = 0
    let b = 0
    let n = 0
    // The most frequent colour of a box keeps its exact value (flat backgrounds stay exact).
    let top = box.colors[0]!
    for (const entry of box.colors) {
      const [c, k] = entry
      r += channel(c, 0) * k
      g += channel(c, 1) * k
      b += channel(c, 2) * k
      n += k
      if (k > top[1]) top = entry
      indexOf.set(c, i)
    }
    palette.push(box.colors.length <= 2 || top[1] * 2 > n ? top[0] : (Math.round(r / n) << 16) | (Math.round(g / n) << 8) | Math.round(b / n))
  })
  const indices = new Uint8Array(count)
  for (let i = 0; i < count; i++) {
    indices[i] = indexOf.get((rgba[i * 4]! << 16) | (rgba[i * 4 + 1]! << 8) | rgba[i * 4 + 2]!)!
  }
  return { palette, indices }
}

function encode(width: number, height: number, colorType: number, rows: Uint8Array, extra: Buffer[] = []) {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8
  ihdr[9] = colorType
  const idat = deflateSync(rows, { level: 9, memLevel: 9 })
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), ...extra, chunk('IDAT', idat), chunk('IEND', new Uint8Array())])
}

/**
 * A smaller PNG of the same size. An opaque image with more than 256 colours is reduced to 256
 * (lossy, without dithering), unless `lossless`.
 */
export function optimisePng(png: Uint8Array, { lossless = false } = {}): Buffer {
  const { width, height, rgba } = decode(png)
  const count = width * height
  let opaque = true
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) opaque = false
  const colours = new Set<number>()
  if (opaque) {
    for (let i = 0; i < count && colours.size <= 256; i++) colours.add((rgba[i * 4]! << 16) | (rgba[i * 4 + 1]! << 8) | rgba[i * 4 + 2]!)
  }
  if (opaque && (colours.size <= 256 || !lossless)) {
    const { palette, indices } = quantise(rgba, 256)
    const plte = new Uint8Array(palette.length * 3)
    palette.forEach((c, i) => plte.set([(c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff], i * 3))
    return encode(width, height, 3, filtered(indices, width, height, 1, false), [chunk('PLTE', plte)])
  }
  if (opaque) {
    const rgb = new Uint8Array(count * 3)
    for (let i = 0; i < count; i++) rgb.set(rgba.subarray(i * 4, i * 4 + 3), i * 3)
    return encode(width, height, 2, filtered(rgb, width, height, 3, true))
  }
  return encode(width, height, 6, filtered(rgba, width, height, 4, true))
}
