// Reading EAN-13 barcodes: the browser's BarcodeDetector where it has one with
// EAN-13 (Chrome on Android, macOS, ChromeOS), else the `barcode-detector` polyfill (ZXing in
// WebAssembly), imported only when Scan is used. Its .wasm is served by us, never a CDN (the CSP
// allows no other origin, and the app must not call third parties behind the reader's back).

export interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string; format: string }[]>
}

interface DetectorClass {
  new (opts: { formats: string[] }): Detector
  getSupportedFormats(): Promise<string[]>
}

let loading: Promise<Detector> | null = null

export function loadDetector(): Promise<Detector> {
  loading ??= (async () => {
    const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector
    if (native && (await native.getSupportedFormats().catch((): string[] => [])).includes('ean_13')) {
      return new native({ formats: ['ean_13'] })
    }
    const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
      import('barcode-detector/ponyfill'),
      import('zxing-wasm/reader/zxing_reader.wasm?url'),
    ])
    prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
      fireImmediately: true,
    })
    return new BarcodeDetector({ formats: ['ean_13'] }) as Detector
  })()
  loading.catch(() => {
    loading = null
  })
  return loading
}

/** An EAN-13 is a book's ISBN-13 when it starts 978 or 979 ("Bookland"). */
export function isbnFromEan(ean: string): string | null {
  return /^97[89]\d{10}$/.test(ean) ? ean : null
}
