/** What people type in the search benchmarks: rare and common words, prefixes while typing, names, no accents, phrases. */
export const searchTerms = [
  'manutenção',
  'estacoes de trabalho',
  'comuni',
  'joao silv',
  'reuniao orçamento',
  'ferias coletivas',
  'segurança da informação',
  'meeting',
  'almoxarifado',
  'fernanda rocha',
  'auditoria do estoque',
  'vacina',
];
