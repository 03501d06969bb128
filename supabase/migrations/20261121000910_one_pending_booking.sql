-- Checkout: one pending booking per user and room.
--
-- The booking page's draft and create-payment-intent both write "the" pending booking of a stay
-- being planned, and two requests at once (a double click, two tabs) must find one row rather
-- than make two. The loser of such a race gets 23505 (unique_violation) and reads the winner's
-- row. Confirmed and cancelled bookings are not limited: a user may book a place again.
create unique index if not exists bookings_one_pending_per_user_and_room
  on public."Bookings" (user_id, room_id) where status = 'pending';
