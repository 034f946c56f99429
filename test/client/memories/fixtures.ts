import type { Comment, Memory } from '@shared/memories'

export function makeMemory(overrides: Partial<Memory> = {}): Memory {
  const memoryId = overrides.memoryId ?? 'm1'
  return {
    memoryId,
    userCardId: 'uc1',
    userCard: {
      userCardId: overrides.userCardId ?? 'uc1',
      cardId: 'card-lisbon-3',
      cardName: 'Lisbon',
      cardRarity: 3,
      image: 'img-lisbon',
      collectionId: 'europe',
      collectionName: 'Europe',
      createdAt: '2026-01-02T10:00:00.000Z',
    },
    cardId: 'card-lisbon-3',
    cardName: 'Lisbon',
    cardRarity: 3,
    image: 'img-lisbon',
    collectionId: 'europe',
    collectionName: 'Europe',
    cardDescription: 'Capital of Portugal, on seven hills above the Tagus.',
    memoryStartDate: '2025-05-01',
    memoryEndDate: '2025-05-07',
    memoryContent: 'Tram 28 up to the castle at sunset.',
    pictures: [
      {
        pictureFileName: 'p1.jpg',
        url: '/api/image/memoryPicture?image=p1.jpg&u=u&exp=1&sig=s',
        width: 800,
        height: 600,
        variants: [
          { width: 480, url: '/api/image/memoryPicture?image=p1.jpg&w=480&u=u&exp=1&sig=s480' },
          { width: 800, url: '/api/image/memoryPicture?image=p1.jpg&w=960&u=u&exp=1&sig=s960' },
        ],
      },
    ],
    taggedFriends: [{ userId: 'u-jo', username: 'jo' }],
    visibility: 3,
    likes: 2,
    liked: false,
    commentCount: 0,
    comments: [],
    isOwner: true,
    userId: 'u-marta',
    username: 'marta',
    avatarId: 3,
    userLevel: 2,
    createdAt: '2025-06-01T08:00:00.000Z',
    updatedAt: '2025-06-01T08:00:00.000Z',
    ...overrides,
  }
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  return {
    memoryCommentId: 'c1',
    commentContent: 'Looks wonderful!',
    createdAt: '2025-06-02T08:00:00.000Z',
    userId: 'u-jo',
    username: 'jo',
    avatarId: 2,
    userLevel: 1,
    isAuthor: false,
    isMine: false,
    replyToCommentId: null,
    replyToComment: null,
    replies: [],
    ...overrides,
  }
}
