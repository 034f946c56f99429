/** The `from` query value that makes a switch end on the memory's new user card page instead of going back. */
export const FROM_USER_CARD = 'userCard'
