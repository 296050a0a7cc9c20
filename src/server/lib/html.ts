// The one HTML escaper of the server: text and attribute values put into HTML we write by hand
// (the shell's share tags, the mails' HTML part). Escaping the quotes too makes it safe inside
// either kind of attribute quote.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!)
