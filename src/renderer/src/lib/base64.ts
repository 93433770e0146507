// Browser-mode upload sends file bytes as base64 inside JSON (the contract's library.upload).

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  // Chunked: String.fromCharCode with a huge argument list overflows the stack.
  const CHUNK = 0x8000
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK))
  }
  return btoa(binary)
}

export async function fileToBase64(file: Blob): Promise<string> {
  return bytesToBase64(new Uint8Array(await file.arrayBuffer()))
}
