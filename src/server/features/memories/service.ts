/**
 * The memories feature's public entry: other features and the routes call these. Each concern lives in its own module.
 */
export { getMemoriesOfAuthor, getMemory, getMemoryOfUserCard, getMyMemories, hydrateMemories } from './readModel'
export { createMemory, getAvailableCardSets, removeTagsBetween, updateMemory, updateVisibility } from './writing'
export { getPeerUserCards, getTransferrableCards, switchUserCard } from './switching'
export { likeMemory, postComment } from './reactions'
export {
  pendingPicturesFull,
  readMemoryPicture,
  uploadMemoryPicture,
  type PendingPictureQuota,
  type PictureFile,
} from './pictureUploads'
export { deletePictureFilesOfUser, keepRepliesToCommentsOf, openPictureFile } from './accountData'
export {
  commentForModeration,
  countMemoriesOf,
  findCommentVisibleTo,
  findMemoryVisibleTo,
  hideComment,
  hideMemory,
  memoryBasicsForModeration,
  memoryForModeration,
} from './moderation'
