import { TripPage } from '../features/trips/components/TripPage';

export default TripPage;
