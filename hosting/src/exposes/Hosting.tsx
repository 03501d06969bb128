import { Hosting } from '../features/hosting/components/Hosting';

export default Hosting;
