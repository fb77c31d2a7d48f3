import { Text } from '@mantine/core';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { useState } from 'react';
import {
  countColumns,
  FiguresPanel,
  FigureTable,
  Medians,
  type Period,
  PerMonthTable,
  StatusCounts,
} from '../../../components/application-figures';
import { useStatusStatistics } from '../api/account-api';

/**
 * The dashboard's applications (issue 14): counts by status over 6, 12, 24 or 36 months (each a link to the list
 * filtered by it), submissions and decisions per month, applications per form, and how long things take.
 */
export function ApplicationsDashboard() {
  const [months, setMonths] = useState<Period>(6);
  const stats = useStatusStatistics(months);
  const data = stats.data;
  return (
    <FiguresPanel
      titleId="dash-applications-title"
      title={T.dashTitle}
      months={months}
      onMonths={setMonths}
      query={stats}
      texts={T}
    >
      {data ? (
        <>
          <StatusCounts
            byStatus={data.byStatus}
            texts={T}
            testIdPrefix="dash-"
            linkTo={(s) => `/applications?status=${s}`}
          />
          {data.total === 0 ? <Text c="dimmed">{T.dashNone}</Text> : null}
          <Medians timings={data.timings} texts={T} />
          <PerMonthTable perMonth={data.perMonth} texts={T} bars />
          {data.perForm.length > 0 ? (
            <FigureTable
              title={T.dashPerForm}
              minWidth={480}
              rows={data.perForm.slice(0, 10)}
              rowKey={(f) => f.customFormId}
              columns={[{ header: T.colForm, cell: (f) => f.formName }, ...countColumns(T)]}
            />
          ) : null}
        </>
      ) : null}
    </FiguresPanel>
  );
}
