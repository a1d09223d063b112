import type { Db } from '@db/client';
import { budgetCellIds, type Project, type ProjectDashboardWidgets } from '@server/domains/demo/projectdashboard/projectdashboard.schemas';
import { projectDashboardDocuments, projectDashboardProjects } from '@server/domains/demo/projectdashboard/projectdashboard.service';
import type { DemoSeeder } from './seeder';
import { hexId, seededFaker, slugify } from './sample-faker';

const dayRanges = { DY: 'Yesterday', DT: 'Today', DTM: 'Tomorrow' };
const weekRanges = { TW: 'This Week', LW: 'Last Week', '2W': '2 Weeks Ago' };
const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Project ids are "1".."5": the template's dashboard opens project 1 (the REST shim answers them as numbers). */
export function generateProjects(): Project[] {
  return ['Cuepoint Web', 'Creator Mobile App', 'Stream Ingest', 'Podcast Feeds', 'Payments Revamp'].map((name, index) => ({
    id: String(index + 1),
    name,
  }));
}

export function generateProjectDashboardWidgets(): ProjectDashboardWidgets {
  const faker = seededFaker(1002);
  const counts = () => Object.fromEntries(Object.keys(dayRanges).map((range) => [range, faker.number.int({ min: 0, max: 40 })]));
  const summary = [
    { id: 'due', title: 'Due Tasks', name: 'Due Tasks', extra: 'Completed' },
    { id: 'overdue', title: 'Overdue', name: 'Tasks', extra: "Yesterday's overdue" },
    { id: 'issues', title: 'Issues', name: 'Open', extra: 'Closed today' },
    { id: 'features', title: 'Features', name: 'Proposals', extra: 'Implemented' },
  ].map((widget) => ({
    id: widget.id,
    title: widget.title,
    ranges: dayRanges,
    currentRange: 'DT',
    data: { name: widget.name, count: counts(), extra: { name: widget.extra, count: counts() } },
  }));
  const scheduleItem = () => {
    const hour = faker.number.int({ min: 8, max: 19 });
    return {
      id: hexId(faker),
      title: faker.helpers.arrayElement(['Group meeting', 'Sound check', 'Coffee break', 'Public beta release', 'Design review', 'Sponsor call', 'Lunch']),
      time: `${hour > 12 ? hour - 12 : hour}:${faker.helpers.arrayElement(['00', '15', '30', '45'])} ${hour >= 12 ? 'PM' : 'AM'}`,
    };
  };
  const budgetRows = ['Wireframing', 'Design', 'Coding', 'Marketing', 'Extra'].map((type, index) => {
    const total = faker.number.int({ min: 5, max: 40 }) * 1000;
    const spent = faker.number.int({ min: 0, max: total });
    const spentPerc = ((spent / total) * 100).toFixed(2);
    const remainingPerc = (100 - Number(spentPerc)).toFixed(2);
    const usd = (value: number) => `$${String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.00`;
    const values = [type, usd(total), usd(spent), `${spentPerc}%`, usd(total - spent), `${remainingPerc}%`];
    return {
      id: String(index + 1),
      cells: budgetCellIds.map((id, cellIndex) => ({
        id,
        value: values[cellIndex]!,
        classes: id === 'budget_type' ? 'font-medium' : id === 'spent_perc' && Number(spentPerc) > 75 ? 'text-red' : '',
      })),
    };
  });
  const celsius = faker.number.int({ min: -8, max: 28 });
  const kmh = faker.number.int({ min: 3, max: 40 });
  const toF = (value: number) => Math.round((value * 9) / 5 + 32);
  return {
    summary,
    githubIssues: {
      title: 'GitHub Issues Summary',
      ranges: weekRanges,
      currentRange: 'TW',
      labels: weekdays,
      datasets: Object.fromEntries(
        Object.keys(weekRanges).map((range) => [
          range,
          [
            { label: 'New issues', data: Array.from({ length: 7 }, () => faker.number.int({ min: 5, max: 45 })) },
            { label: 'Closed issues', data: Array.from({ length: 7 }, () => faker.number.int({ min: 2, max: 30 })) },
          ],
        ]),
      ),
    },
    taskDistribution: {
      title: 'Task Distribution',
      labels: ['Frontend', 'Backend', 'API', 'Issues'],
      data: Array.from({ length: 4 }, () => faker.number.int({ min: 5, max: 40 })),
    },
    schedule: {
      title: 'Schedule',
      ranges: { T: 'Today', TM: 'Tomorrow' },
      currentRange: 'T',
      items: {
        T: Array.from({ length: 5 }, scheduleItem),
        TM: Array.from({ length: 4 }, scheduleItem),
      },
    },
    budgetTable: {
      title: 'Budget Details',
      columns: budgetCellIds.map((id, index) => ({
        id,
        title: ['Budget Type', 'Total Budget', 'Spent ($)', 'Spent (%)', 'Remaining ($)', 'Remaining (%)'][index]!,
      })),
      rows: budgetRows,
    },
    teamMembers: {
      title: 'Team Members',
      rows: Array.from({ length: 8 }, () => {
        const firstName = faker.person.firstName();
        const lastName = faker.person.lastName();
        return {
          id: hexId(faker),
          avatar: `/assets/images/avatars/${slugify(firstName)}.jpg`,
          name: `${firstName} ${lastName}`,
          position: faker.person.jobTitle(),
          office: faker.location.city(),
          email: faker.internet.email({ firstName, lastName, provider: 'example.com' }).toLowerCase(),
          phone: faker.phone.number({ style: 'national' }),
        };
      }),
    },
    weather: {
      location: 'Montreal',
      icon: 'rainy2',
      temperature: { C: celsius, F: toF(celsius) },
      windSpeed: { KMH: kmh, MPH: Math.round(kmh / 1.609344) },
      windDirection: faker.helpers.arrayElement(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']),
      rainProbability: `${faker.number.int({ min: 0, max: 100 })}%`,
      next5Days: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'].map((name) => {
        const value = faker.number.int({ min: -10, max: 30 });
        return { name, icon: faker.helpers.arrayElement(['rainy', 'cloudy', 'windy3', 'sunny']), temperature: { C: value, F: toF(value) } };
      }),
    },
  };
}

export const projectdashboardSeeder: DemoSeeder = {
  app: 'projectdashboard',
  async seed(db: Db) {
    await projectDashboardDocuments(db).replaceAll([{ id: 'widgets', ...generateProjectDashboardWidgets() }]);
    await projectDashboardProjects(db).replaceAll(generateProjects());
  },
};
