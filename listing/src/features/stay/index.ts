// The stay feature's public surface for the listing page.
export { MobileReserveBar } from './components/MobileReserveBar';
export { PriceCard } from './components/PriceCard';
export { StayCalendar } from './components/StayCalendar';
