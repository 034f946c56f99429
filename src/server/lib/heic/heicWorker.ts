// The entry of the HEIC decoding threads (heicDecoder.ts): one photo per call.
import { decodeHeicTask } from './heicTask'

export default decodeHeicTask
