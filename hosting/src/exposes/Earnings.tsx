import { Earnings } from '../features/earnings/components/Earnings';

export default Earnings;
