/** Texts and people of the demo companies. Portuguese, as the product is. */

export const demoPassword = 'Demo@1234';

export const gestureRows = [
  {
    id: 1,
    code: 'curtir',
    svgPath:
      'M3 10h4v11H3z M9 10l4-7c1.5 0 2.5 1 2.2 2.6L14.6 9H20a2 2 0 0 1 2 2.3l-1.3 7.4A2.5 2.5 0 0 1 18.2 21H9z',
  },
  {
    id: 2,
    code: 'amei',
    svgPath:
      'M12 21s-7.5-4.6-9.5-9.4C1.2 8.3 3.3 4.5 7 4.5c2.1 0 3.6 1.1 5 2.9 1.4-1.8 2.9-2.9 5-2.9 3.7 0 5.8 3.8 4.5 7.1C19.5 16.4 12 21 12 21z',
  },
  {
    id: 3,
    code: 'parabens',
    svgPath: 'M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 16.9 5.9 20.4l1.5-6.8L2.2 9l6.9-.7z',
  },
  { id: 4, code: 'genial', svgPath: 'M12 2a7 7 0 0 0-4 12.7V18h8v-3.3A7 7 0 0 0 12 2z M9 20h6v2H9z' },
] as const;

export const demoGroups = [
  { name: 'Todos', abbreviation: 'TOD', colour: '#1d4ed8', shape: 'circle', isDefault: true },
  { name: 'Comercial', abbreviation: 'COM', colour: '#047857', shape: 'diamond', isDefault: false },
  { name: 'Tecnologia', abbreviation: 'TEC', colour: '#7c3aed', shape: 'square', isDefault: false },
  { name: 'Recursos Humanos', abbreviation: 'RH', colour: '#be185d', shape: 'triangle', isDefault: false },
  { name: 'Operações', abbreviation: 'OPS', colour: '#c2410c', shape: 'circle', isDefault: false },
] as const;

export const sectors = [
  'Comercial',
  'Tecnologia',
  'Recursos Humanos',
  'Operações',
  'Financeiro',
  'Marketing',
];
export const units = ['São Paulo', 'Campinas', 'Rio de Janeiro', 'Belo Horizonte', 'Curitiba'];
export const branches = ['Matriz', 'Filial Centro', 'Filial Norte', 'Filial Sul'];
/** Subjects people pick when they contact HR (user settings' ticket subjects). */
export const ticketSubjects = ['Férias', 'Folha de pagamento', 'Benefícios', 'Ponto e jornada', 'Documentos'];
export const jobTitles = [
  'Analista',
  'Coordenador(a)',
  'Especialista',
  'Assistente',
  'Gerente',
  'Consultor(a)',
];

/** The other employees of the demo company (besides the named demo logins). */
export const demoEmployeeNames = [
  'Ana Beatriz Rocha',
  'Bruno Carvalho',
  'Camila Ferreira',
  'Daniel Gomes',
  'Eduarda Lima',
  'Felipe Martins',
  'Gabriela Nunes',
  'Henrique Oliveira',
  'Isabela Pinto',
  'João Pedro Ramos',
  'Larissa Santos',
  'Lucas Teixeira',
  'Mariana Vieira',
  'Mateus Barbosa',
  'Natália Cardoso',
  'Otávio Dias',
  'Paula Moreira',
  'Rafael Souza',
  'Renata Azevedo',
  'Rodrigo Batista',
  'Sabrina Castro',
  'Thiago Freitas',
  'Vanessa Lopes',
  'Vinícius Mendes',
  'Yasmin Ribeiro',
  'Gustavo Araújo',
  'Letícia Correia',
  'Pedro Henrique Alves',
];

export const postTexts = [
  'Bom dia, time! Lembrando que a reunião geral de resultados é nesta sexta às 10h, no auditório e online.',
  'Parabéns à equipe de Operações por bater a meta do trimestre! 🎉',
  'Nova política de trabalho híbrido publicada no portal de RH. Leiam com atenção e tragam dúvidas.',
  'Campanha do agasalho: as caixas de doação estão na recepção de todas as unidades até o fim do mês.',
  'Alguém recomenda um bom curso de Excel avançado? Quero me preparar para o novo projeto.',
  'O refeitório da unidade Campinas terá cardápio especial de festa junina nesta semana.',
  'Semana de segurança da informação: nunca compartilhe sua senha, nem com o suporte.',
  'Foi incrível receber os novos estagiários hoje. Sejam muito bem-vindos!',
];

export const commentTexts = [
  'Excelente notícia!',
  'Obrigado por compartilhar.',
  'Estarei lá!',
  'Muito bom, parabéns a todos.',
  'Alguém sabe se vai ter transmissão?',
  'Adorei a iniciativa 👏',
  'Conte comigo.',
  'Que orgulho desse time!',
];

export const pollQuestions = [
  {
    text: 'Qual horário vocês preferem para o happy hour de fim de ano?',
    options: ['Sexta às 17h', 'Sexta às 19h', 'Sábado à tarde'],
  },
  {
    text: 'Qual tema devemos abordar no próximo workshop?',
    options: ['Inteligência artificial', 'Comunicação não violenta', 'Finanças pessoais'],
  },
];

export const backgroundColours = ['#ffffff', '#fef3c7', '#dbeafe', '#dcfce7', '#fce7f3'];
