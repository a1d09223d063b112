/* global document */
// The app page (/m/{tag}/): local times and the "Notify me" button.
import { createNotifyMe } from './notify-me.js';

const { creatorId, appPath } = document.body.dataset;

// In the reader's time zone; in the page's language (the server chose it), an English page as the browser writes English.
const pageLanguage = document.documentElement.lang;
const timeFormat = new Intl.DateTimeFormat(pageLanguage && pageLanguage !== 'en' ? pageLanguage : undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
for (const element of document.querySelectorAll('time[datetime]')) {
  const date = new Date(element.getAttribute('datetime'));
  if (!Number.isNaN(date.getTime())) element.textContent = timeFormat.format(date);
}

const button = document.getElementById('notify-me');
const status = document.getElementById('notify-status');
if (button && creatorId && appPath) {
  const notify = createNotifyMe({ appPath, creatorId });
  const render = () => {
    // Shown once the service worker is registered; a browser without push never sees it.
    button.hidden = notify.state === 'registering' || notify.state === 'unsupported';
    button.textContent = notify.label;
    button.setAttribute('aria-pressed', String(notify.state === 'on'));
    button.disabled = notify.state === 'busy' || notify.state === 'blocked';
    status.textContent = notify.message;
  };
  notify.onChange(render);
  render();
  button.addEventListener('click', () => notify.toggle());
}
