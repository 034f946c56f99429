// heic-decode 2.x ships no types, and the DefinitelyTyped ones describe 1.x (no size before decoding, no dispose).
declare module 'heic-decode' {
  interface DecodedImage {
    width: number
    height: number
    data: Uint8ClampedArray
  }
  interface HeifImage {
    width: number
    height: number
    decode(): Promise<DecodedImage>
  }
  type HeifImages = HeifImage[] & { dispose(): void }
  /** Decodes the primary image; throws a TypeError for a file that is not HEIC. */
  function decode(input: { buffer: Uint8Array }): Promise<DecodedImage>
  namespace decode {
    /** Every image of the file, each decoded on demand; `dispose` frees them. */
    function all(input: { buffer: Uint8Array }): Promise<HeifImages>
  }
  export = decode
}
