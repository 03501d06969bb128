import { PersonalInfo } from '../features/personal-info/components/PersonalInfo';

export default PersonalInfo;
