/** The admin's CardConnect mapper page for a master form (issue #24 §1; decision 090). */
export const CC_MAPPER_TEXT = {
  title: 'CardConnect mapping',
  lead: (form: string) =>
    `Choose which CardConnect boarding attribute each field of "${form}" fills. Values are converted as the attribute requires when an application is sent.`,
  back: 'Back to master forms',
  openMapper: 'CardConnect mapping',
  openMapperOf: (form: string) => `CardConnect mapping of ${form}`,
  tableLabel: 'Form fields and their CardConnect attributes',
  columnField: 'Form field',
  columnType: 'Type',
  columnAttribute: 'CardConnect attribute',
  selectLabelOf: (label: string) => `CardConnect attribute for ${label}`,
  placeholder: 'Not mapped',
  nothingFound: 'No attribute matches',
  usedBy: (label: string) => `used by ${label}`,
  attributeType: (type: string) => `Type: ${type}`,
  mappedCount: (n: number, of: number) => `${n} of ${of} fields mapped`,
  unsaved: 'Unsaved changes',
  savedAt: (when: string) => `Saved ${when}`,
  save: 'Save mapping',
  saved: 'The CardConnect mapping is saved.',
  warningsTitle: 'Some fields may not convert',
  warningsLead: (n: number) =>
    n === 1
      ? 'One mapped field may hold answers the attribute cannot take: such an application fails its sync with the field and the help text.'
      : `${n} mapped fields may hold answers their attributes cannot take: such an application fails its sync with the field and the help text.`,
  saveAnyway: 'Save anyway',
  keepEditing: 'Keep editing',
  blocked: (n: number) =>
    n === 1
      ? 'One field is mapped to an attribute it cannot fill.'
      : `${n} fields are mapped to attributes they cannot fill.`,
  loadError: 'The CardConnect mapping could not be loaded.',
  retry: 'Try again',
} as const;
