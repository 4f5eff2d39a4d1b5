/** The admin's time formatting (shared/admin/admin-clock.ts), under the names the screens use. */
export {
  adminClock,
  formatAdminTime as formatDateTime,
  formatAdminTimeLong as formatDateTimeLong,
} from '../../shared/admin/admin-clock';
