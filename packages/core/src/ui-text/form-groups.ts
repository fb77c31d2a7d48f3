/** Labels of the renderer's repeated rows and layouts (containers, grids, tabs; decision 028). */
export const GROUP_TEXT = {
  addRow: 'Add another',
  removeRow: 'Remove',
  removeRowLabel: (label: string, n: number) => `Remove ${label} row ${n}`,
  editRow: 'Edit',
  editRowLabel: (label: string, n: number) => `Edit ${label} row ${n}`,
  saveRow: 'Save',
  rowLabel: (label: string, n: number) => `${label}, row ${n}`,
  noRows: 'No rows yet.',
  actions: 'Actions',
} as const;
