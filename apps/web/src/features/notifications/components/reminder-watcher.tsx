import { useNavigate } from 'react-router';
import { useSession } from '@/hooks/use-session';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useBrowserReminders } from '../hooks/use-browser-reminders';
import { useLocaleSync } from '../hooks/use-locale-sync';
import { useNotificationPermission } from '../hooks/use-notification-permission';
import { reminderPath } from '../utils/reminder-text';

/**
 * Work that runs on every screen while the student is signed in, with nothing to show: asks for
 * notifications every 30 seconds and on window focus (the bell reads the same cache; a hidden
 * tab keeps asking only when browser notifications may show), shows new reminders as browser
 * notifications when allowed, and keeps the server told of the student's language and time
 * zone. Mount it only when signed in.
 */
export function ReminderWatcher() {
  const { user } = useSession();
  const navigate = useNavigate();
  const { permission } = useNotificationPermission({ deferred: true });
  const notifications = useNotifications({
    poll: true,
    pollInBackground: permission === 'granted',
  });
  const markRead = useMarkNotificationRead();
  useLocaleSync(user);
  useBrowserReminders(notifications.data?.items, (reminder) => {
    if (!reminder.read) markRead.mutate(reminder.id);
    void navigate(reminderPath(reminder));
  });
  return null;
}
