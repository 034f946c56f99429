// The entry of the art worker threads (artRenderer.ts): one picture per call.
import { renderArtTask } from './renderArt'

export default renderArtTask
