import { Input, Select } from 'antd';
import type { BranchServiceAttribute } from '../../../shared/domain/network';
import { attributeRule } from '../../../shared/issuing/logistics-services';

/** Props of a service attribute's input (antd Form.Item passes value and onChange). */
export interface ServiceValueInputProps {
  attribute: BranchServiceAttribute;
  value?: string;
  onChange?: (value: string) => void;
  /** Accessible name: the service's and the attribute's names. */
  label: string;
  size?: 'small' | 'middle' | 'large';
}

/**
 * The value of one attribute of a logistics service, as its type says: a number (with the
 * branch's range as placeholder), one of the branch's options, or free text.
 */
export function ServiceValueInput({ attribute, value, onChange, label, size }: ServiceValueInputProps) {
  const rule = attributeRule(attribute.type, attribute.typeDescription);
  if (rule.kind === 'enum') {
    return (
      <Select
        aria-label={label}
        size={size}
        value={value === '' ? undefined : value}
        onChange={(chosen: string) => onChange?.(chosen)}
        options={rule.options.map((option) => ({ value: option.value, label: option.label }))}
        className="service-value-input"
      />
    );
  }
  const placeholder = rule.kind === 'number' && rule.min !== null && rule.max !== null ? `${rule.min}–${rule.max}` : attribute.name;
  return (
    <Input
      aria-label={label}
      size={size}
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
      inputMode={rule.kind === 'number' ? 'decimal' : undefined}
      placeholder={placeholder}
      className="service-value-input"
    />
  );
}
