import { BookingPage } from '../features/checkout/components/BookingPage';

export default BookingPage;
