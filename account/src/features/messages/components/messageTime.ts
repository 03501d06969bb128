/** A conversation's address. */
export const conversationPath = (id: number) => `/messages/${id}`;
