import { SimpleGrid, TextInput } from '@mantine/core';
import { UI_TEXT } from '@under/core/ui-text';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PhoneField } from './phone-field';

interface PersonFieldsProps {
  firstName: UseFormRegisterReturn;
  lastName: UseFormRegisterReturn;
  phoneNumber: UseFormRegisterReturn;
  errors: { firstName?: string; lastName?: string; phoneNumber?: string };
  /** Called with the number in display form when the phone field is left, so the form holds what it shows. */
  onPhoneFormatted: (value: string) => void;
  /** The user's own details: the browser may autofill them. Not for an administrator editing a member. */
  isOwnDetails: boolean;
}

/** First name, last name and contact number: the person part of registration, profile and member forms. */
export function PersonFields({
  firstName,
  lastName,
  phoneNumber,
  errors,
  onPhoneFormatted,
  isOwnDetails,
}: PersonFieldsProps) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={UI_TEXT.firstNameLabel}
          autoComplete={isOwnDetails ? 'given-name' : 'off'}
          withAsterisk
          error={errors.firstName}
          {...firstName}
        />
        <TextInput
          label={UI_TEXT.lastNameLabel}
          autoComplete={isOwnDetails ? 'family-name' : 'off'}
          withAsterisk
          error={errors.lastName}
          {...lastName}
        />
      </SimpleGrid>
      <PhoneField error={errors.phoneNumber} {...phoneNumber} onFormatted={onPhoneFormatted} />
    </>
  );
}
