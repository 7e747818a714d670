/** App addresses of one feed's and one group's article lists (-1 = the feeds in no group). */
export const feedPath = (id: number): string => `/f/${id}`;
export const groupPath = (id: number): string => `/c/${id}`;
