export { Calendar, type CalendarChange, type CalendarProps, type CalendarStay } from './Calendar';
