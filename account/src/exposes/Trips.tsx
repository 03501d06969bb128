import { Trips } from '../features/trips/components/Trips';

export default Trips;
