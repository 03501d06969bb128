import { HostCalendar } from '../features/hosting/components/HostCalendar';

export default HostCalendar;
