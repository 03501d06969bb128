/**
 * Where a reservation is shown to its host: its row in /hosting's upcoming reservations, by the
 * row's id (the calendar's booked nights link there, issue 42).
 */
export const reservationAnchor = (bookingId: number) => `reservation-${bookingId}`;

export const reservationPath = (bookingId: number) => `/hosting#${reservationAnchor(bookingId)}`;
