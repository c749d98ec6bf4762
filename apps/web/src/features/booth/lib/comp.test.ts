import { describe, expect, it } from 'vitest';
import { compTakes } from './comp';

describe('the comp the mixdown receives', () => {
  it('keeps chosen takes in recording order with the bars typed, later takes last so they win', () => {
    expect(
      compTakes(
        [
          { takeId: 9, use: true, fromBar: '3', toBar: ' 4 ' },
          { takeId: 4, use: true, fromBar: '', toBar: '' },
          { takeId: 5, use: false, fromBar: '1', toBar: '2' },
        ],
        8,
      ),
    ).toEqual({ takes: [{ takeId: 4 }, { takeId: 9, fromBar: 3, toBar: 4 }] });
  });

  it('refuses no take, a bar outside the beat and a backwards range in words', () => {
    expect(compTakes([{ takeId: 1, use: false, fromBar: '', toBar: '' }], 8)).toEqual({ message: 'Choose at least one take for the mix.' });
    expect(compTakes([{ takeId: 1, use: true, fromBar: '9', toBar: '' }], 8)).toEqual({ message: 'Bars go from 1 to 8 in this beat.' });
    expect(compTakes([{ takeId: 1, use: true, fromBar: '1.5', toBar: '' }], 8)).toEqual({ message: 'Bars go from 1 to 8 in this beat.' });
    expect(compTakes([{ takeId: 1, use: true, fromBar: '5', toBar: '2' }], 8)).toEqual({ message: 'A take’s first bar must not come after its last.' });
  });
});
