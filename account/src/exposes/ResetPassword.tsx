import { ResetPasswordPage } from '../features/login/components/ResetPasswordPage';

export default ResetPasswordPage;
