import { LoginPage } from '../features/login/components/LoginPage';

export default LoginPage;
