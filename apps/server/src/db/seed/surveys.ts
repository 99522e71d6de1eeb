import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { MediaKind, SurveyQuestionType } from '@elo/contract/enums';
import type { Database } from '../client.ts';
import {
  groupMembers,
  groups,
  surveyAnswers,
  surveyApplications,
  surveyGroups,
  surveyMedia,
  surveyOptions,
  surveyQuestions,
  surveyReads,
  surveys,
  users,
} from '../schema/all.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import { createRandom, renderLandscape } from './images.ts';

interface OptionSpec {
  label: string;
  isOther?: boolean;
  isCorrect?: boolean;
}
interface QuestionSpec {
  title: string;
  type: number;
  required?: boolean;
  options?: OptionSpec[];
  maxFiles?: number;
  maxBytes?: number;
  formats?: string[];
  /** Open-text answers the demo people give, in turn. */
  texts?: string[];
}
interface SurveySpec {
  title: string;
  description: string;
  group: string;
  status: 'published' | 'closed';
  /** Days from now. */
  startsIn: number;
  endsIn: number;
  mainColor: string;
  backgroundColor: string;
  quiz?: boolean;
  anonymous?: boolean;
  /** How many people answer, and whether Maria is one of them. */
  respondents: number;
  mariaAnswers: boolean;
  questions: QuestionSpec[];
}

const other = { label: 'Outro', isOther: true };

/** The three demo surveys: open (Maria has not answered it), closed (anonymous) and a quiz. */
export const demoSurveys: SurveySpec[] = [
  {
    title: 'Pesquisa de clima 2026',
    description:
      'Queremos saber como você se sente no dia a dia de trabalho. Leva menos de cinco minutos e as suas respostas ajudam a decidir as prioridades do próximo ano.',
    group: 'Todos',
    status: 'published',
    startsIn: -3,
    endsIn: 30,
    mainColor: '#1d4ed8',
    backgroundColor: '#f8fafc',
    respondents: 12,
    mariaAnswers: false,
    questions: [
      {
        title: 'Como você avalia o ambiente de trabalho?',
        type: SurveyQuestionType.multipleChoice,
        required: true,
        options: [{ label: 'Ótimo' }, { label: 'Bom' }, { label: 'Regular' }, { label: 'Ruim' }, other],
      },
      {
        title: 'Quais benefícios você mais usa?',
        type: SurveyQuestionType.checkbox,
        options: [
          { label: 'Vale-refeição' },
          { label: 'Plano de saúde' },
          { label: 'Auxílio home office' },
          { label: 'Academia' },
          other,
        ],
      },
      {
        title: 'O que podemos melhorar na empresa?',
        type: SurveyQuestionType.openText,
        required: true,
        texts: [
          'Mais treinamentos de liderança.',
          'Comunicação entre as áreas.',
          'Horário flexível às sextas-feiras.',
          'Reuniões mais curtas e objetivas.',
        ],
      },
      {
        title: 'Envie uma foto ou um PDF do seu espaço de trabalho (opcional)',
        type: SurveyQuestionType.upload,
        maxFiles: 2,
        maxBytes: 5 * 1024 * 1024,
        formats: ['Imagem', 'PDF'],
      },
    ],
  },
  {
    title: 'Avaliação da festa de fim de ano',
    description: 'Conte o que achou da nossa confraternização. As respostas são anônimas.',
    group: 'Comercial',
    status: 'closed',
    startsIn: -40,
    endsIn: -10,
    mainColor: '#047857',
    backgroundColor: '#ffffff',
    anonymous: true,
    respondents: 8,
    mariaAnswers: true,
    questions: [
      {
        title: 'Qual nota você dá para a festa?',
        type: SurveyQuestionType.multipleChoice,
        required: true,
        options: [
          { label: '5 - Excelente' },
          { label: '4' },
          { label: '3' },
          { label: '2' },
          { label: '1 - Fraca' },
        ],
      },
      {
        title: 'Do que você mais gostou?',
        type: SurveyQuestionType.checkbox,
        options: [{ label: 'Comida' }, { label: 'Música' }, { label: 'Local' }, { label: 'Sorteio' }, other],
      },
      {
        title: 'Deixe um comentário',
        type: SurveyQuestionType.openText,
        texts: [
          'Foi ótima, parabéns à organização!',
          'Poderia ter mais opções vegetarianas.',
          'Adorei o sorteio.',
        ],
      },
      {
        title: 'Compartilhe uma foto da festa',
        type: SurveyQuestionType.upload,
        maxFiles: 3,
        maxBytes: 10 * 1024 * 1024,
        formats: ['Imagem'],
      },
    ],
  },
  {
    title: 'Quiz de segurança da informação',
    description: 'Teste o que você sabe sobre segurança digital. As respostas certas aparecem no resultado.',
    group: 'Tecnologia',
    status: 'published',
    startsIn: -5,
    endsIn: 20,
    mainColor: '#7c3aed',
    backgroundColor: '#faf5ff',
    quiz: true,
    respondents: 6,
    mariaAnswers: true,
    questions: [
      {
        title: 'Qual é a senha mais segura?',
        type: SurveyQuestionType.multipleChoice,
        required: true,
        options: [
          { label: '123456' },
          { label: 'Data de nascimento' },
          { label: 'Frase longa com símbolos', isCorrect: true },
        ],
      },
      {
        title: 'Quais atitudes ajudam a evitar golpes de phishing?',
        type: SurveyQuestionType.checkbox,
        required: true,
        options: [
          { label: 'Conferir o remetente', isCorrect: true },
          { label: 'Clicar no link para ver aonde leva' },
          { label: 'Ativar a verificação em duas etapas', isCorrect: true },
        ],
      },
      {
        title: 'O que você faria ao receber um e-mail suspeito?',
        type: SurveyQuestionType.openText,
        texts: ['Avisaria a equipe de TI.', 'Apagaria sem abrir.', 'Reportaria como phishing.'],
      },
      {
        title: 'Envie o seu certificado do curso de segurança (opcional)',
        type: SurveyQuestionType.upload,
        maxFiles: 1,
        maxBytes: 5 * 1024 * 1024,
        formats: ['PDF'],
      },
    ],
  },
];

/**
 * Seeds the demo surveys with answers into the demo company (whose master is admin@demo.elo);
 * does nothing when that company already has surveys, so running it again changes nothing.
 */
export async function seedSurveys(deps: { db: Database; storage: MediaStorage }): Promise<boolean> {
  const { db, storage } = deps;
  const [master] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = 'admin@demo.elo'`);
  if (!master) return false;
  const companyId = master.companyId;
  const [existing] = await db
    .select({ total: count() })
    .from(surveys)
    .where(eq(surveys.companyId, companyId));
  if ((existing?.total ?? 0) > 0) return false;
  const [maria] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = 'maria.silva@demo.elo'`);
  const random = createRandom(61);
  const day = 86_400_000;
  const now = Date.now();

  await db.transaction(async (tx) => {
    for (const spec of demoSurveys) {
      const [group] = await tx
        .select()
        .from(groups)
        .where(and(eq(groups.companyId, companyId), eq(groups.name, spec.group)));
      const header = await renderLandscape(random, 1200, 300);
      const headerKey = `${companyId}/${MediaKind.surveys}/${randomUUID()}.jpg`;
      await storage.put(headerKey, header);
      const [headerMedia] = await tx
        .insert(surveyMedia)
        .values({
          companyId,
          uploadedBy: master.id,
          purpose: 'header',
          storageKey: headerKey,
          mimeType: 'image/jpeg',
          sizeBytes: header.length,
          fileName: 'cabecalho.jpg',
        })
        .returning({ id: surveyMedia.id });
      const startsAt = new Date(now + spec.startsIn * day);
      const [survey] = await tx
        .insert(surveys)
        .values({
          companyId,
          title: spec.title,
          description: spec.description,
          headerMediaId: headerMedia!.id,
          mainColor: spec.mainColor,
          backgroundColor: spec.backgroundColor,
          startsAt,
          endsAt: new Date(now + spec.endsIn * day),
          oneAnswerPerUser: true,
          autosaveDisabled: false,
          anonymous: spec.anonymous ?? false,
          quiz: spec.quiz ?? false,
          status: spec.status,
          createdBy: master.id,
          createdAt: new Date(startsAt.getTime() - day),
        })
        .returning({ id: surveys.id });
      const surveyId = survey!.id;
      await tx.insert(surveyGroups).values({ companyId, surveyId, groupId: group!.id });

      const questions: { id: number; spec: QuestionSpec; optionIds: number[] }[] = [];
      for (const [position, question] of spec.questions.entries()) {
        const isUpload = question.type === SurveyQuestionType.upload;
        const [row] = await tx
          .insert(surveyQuestions)
          .values({
            companyId,
            surveyId,
            position,
            title: question.title,
            type: question.type,
            required: question.required ?? false,
            maxFiles: isUpload ? (question.maxFiles ?? 1) : null,
            maxBytes: isUpload ? (question.maxBytes ?? 5 * 1024 * 1024) : null,
            formats: question.formats ?? [],
            onlySpecificFormats: isUpload,
          })
          .returning({ id: surveyQuestions.id });
        const options = question.options?.length
          ? await tx
              .insert(surveyOptions)
              .values(
                question.options.map((option, optionPosition) => ({
                  companyId,
                  questionId: row!.id,
                  position: optionPosition,
                  label: option.label,
                  isOther: option.isOther ?? false,
                  isCorrect: option.isCorrect ?? false,
                  textAvailable: option.isOther ?? false,
                  textRequired: option.isOther ?? false,
                })),
              )
              .returning({ id: surveyOptions.id })
          : [];
        questions.push({ id: row!.id, spec: question, optionIds: options.map((option) => option.id) });
      }

      // Respondents: members of the target group, Maria only where the survey says so.
      const members = await tx
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .where(eq(groupMembers.groupId, group!.id))
        .orderBy(asc(groupMembers.userId));
      const others = members
        .map((member) => member.userId)
        .filter((userId) => userId !== maria?.id && userId !== master.id);
      const respondents = [
        ...(spec.mariaAnswers && maria ? [maria.id] : []),
        // The last people of the group, so the first ones stay free to answer in the browser tests.
        ...others.slice(-spec.respondents),
      ];
      for (const [index, userId] of respondents.entries()) {
        const finishedAt = new Date(
          Math.min(now, startsAt.getTime() + (index + 1) * 3_600_000 * 5) -
            (spec.status === 'closed' ? 0 : 0),
        );
        const [application] = await tx
          .insert(surveyApplications)
          .values({
            companyId,
            surveyId,
            userId,
            status: 3,
            startedAt: startsAt,
            finishedAt,
            updatedAt: finishedAt,
          })
          .returning({ id: surveyApplications.id });
        await tx.insert(surveyReads).values({ companyId, surveyId, userId }).onConflictDoNothing();
        for (const question of questions) {
          const rows = await demoAnswer({ question, index, random, userIsMaria: userId === maria?.id });
          if (rows === 'upload') {
            if (index % 3 !== 0) continue;
            const image = await sharp({
              create: { width: 320, height: 200, channels: 3, background: spec.mainColor },
            })
              .png()
              .toBuffer();
            const key = `${companyId}/${MediaKind.surveys}/${randomUUID()}.png`;
            await storage.put(key, image);
            await tx.insert(surveyMedia).values({
              companyId,
              uploadedBy: userId,
              purpose: 'answer',
              applicationId: application!.id,
              questionId: question.id,
              attached: true,
              storageKey: key,
              mimeType: 'image/png',
              sizeBytes: image.length,
              fileName: `foto-${index + 1}.png`,
            });
            if (question.spec.formats?.includes('Imagem')) {
              await tx.insert(surveyAnswers).values({
                companyId,
                applicationId: application!.id,
                questionId: question.id,
                optionId: null,
                text: null,
              });
            }
            continue;
          }
          if (rows.length === 0) continue;
          await tx.insert(surveyAnswers).values(
            rows.map((row) => ({
              companyId,
              applicationId: application!.id,
              questionId: question.id,
              ...row,
            })),
          );
        }
      }
    }
  });
  return true;
}

/** One demo person's answer to a question: rows to store, or 'upload' for a file question. */
async function demoAnswer(options: {
  question: { spec: QuestionSpec; optionIds: number[] };
  index: number;
  random: () => number;
  userIsMaria: boolean;
}): Promise<{ optionId: number | null; text: string | null }[] | 'upload'> {
  const { question, index, random } = options;
  const spec = question.spec;
  if (spec.type === SurveyQuestionType.upload) return 'upload';
  if (spec.type === SurveyQuestionType.openText) {
    const texts = spec.texts ?? [];
    // Some people leave an optional text empty.
    if (texts.length === 0 || (!spec.required && index % 3 === 2)) return [];
    return [{ optionId: null, text: texts[index % texts.length]! }];
  }
  const specs = spec.options ?? [];
  const textFor = (position: number) => (specs[position]?.isOther ? 'Gostaria de mais integração' : null);
  if (spec.type === SurveyQuestionType.multipleChoice) {
    // Maria gets the quiz right; the others spread over the options.
    const correct = specs.findIndex((option) => option.isCorrect);
    const position =
      options.userIsMaria && correct >= 0 ? correct : Math.floor(random() * Math.max(1, specs.length));
    return [{ optionId: question.optionIds[position]!, text: textFor(position) }];
  }
  const picked = specs
    .map((option, position) => ({ option, position }))
    .filter(({ option }) => (options.userIsMaria ? option.isCorrect === true : random() < 0.45))
    .map(({ position }) => position);
  const positions = picked.length > 0 ? picked : [0];
  return positions.map((position) => ({ optionId: question.optionIds[position]!, text: textFor(position) }));
}
