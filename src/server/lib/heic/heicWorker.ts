// The entry of the HEIC decoding threads (heicDecoder.ts): one photo per call.
import { decodeHeicTask } from './heicTask'

// libheif's JavaScript wrapper reports a file it cannot parse with console.log ("Could not parse HEIF file") and
// returns no image, which decodeHeicTask answers as unreadable. This thread runs nothing else, so its console stays
// quiet instead of printing into the server's log for every refused upload.
console.log = () => undefined

export default decodeHeicTask
