import { PostType } from '@elo/contract/enums';
import { describe, expect, it } from 'vitest';
import {
  composerReducer,
  initialComposerState,
  maxPollOptions,
  type ComposerAction,
  type ComposerState,
} from './composer-state.ts';

const image = new File(['png'], 'foto.png', { type: 'image/png' });
const video = new File(['mp4'], 'clip.mp4', { type: 'video/mp4' });
const youtubeText = 'Vejam https://www.youtube.com/watch?v=dQw4w9WgXcQ hoje';

function run(...actions: ComposerAction[]): ComposerState {
  return actions.reduce(composerReducer, initialComposerState(10));
}

const chooseImage: ComposerAction = {
  type: 'mediaChosen',
  media: { file: image, kind: 'image', previewUrl: 'blob:image' },
};
const chooseVideo: ComposerAction = {
  type: 'mediaChosen',
  media: { file: video, kind: 'video', previewUrl: 'blob:video' },
};

describe('composer state machine (spec section 4, post types by media)', () => {
  it('starts as a white text post to the default group, comments allowed, nothing sending', () => {
    expect(initialComposerState(10)).toMatchObject({
      type: PostType.text,
      backgroundColor: '#ffffff',
      groupIds: [10],
      allowComments: true,
      pollOptions: [],
      media: null,
      youtube: null,
      sending: null,
    });
  });

  it('starts a poll with one option', () => {
    const state = run({ type: 'pollStarted' });
    expect(state.type).toBe(PostType.poll);
    expect(state.pollOptions).toEqual(['']);
  });

  it('adds, edits and removes poll options, up to the limit', () => {
    let state = run({ type: 'pollStarted' }, { type: 'pollOptionAdded' });
    state = composerReducer(state, { type: 'pollOptionChanged', index: 1, label: 'Não' });
    expect(state.pollOptions).toEqual(['', 'Não']);
    state = composerReducer(state, { type: 'pollOptionRemoved', index: 0 });
    expect(state).toMatchObject({ type: PostType.poll, pollOptions: ['Não'] });
    for (let i = 0; i < 20; i++) state = composerReducer(state, { type: 'pollOptionAdded' });
    expect(state.pollOptions).toHaveLength(maxPollOptions);
  });

  it('reverts to text when the last option is removed', () => {
    const state = run({ type: 'pollStarted' }, { type: 'pollOptionRemoved', index: 0 });
    expect(state.type).toBe(PostType.text);
    expect(state.pollOptions).toEqual([]);
  });

  it('clears the options for any non-poll type', () => {
    const withOptions: ComposerAction[] = [
      { type: 'pollStarted' },
      { type: 'pollOptionChanged', index: 0, label: 'Sim' },
    ];
    expect(run(...withOptions, chooseImage)).toMatchObject({ type: PostType.image, pollOptions: [] });
    expect(run(...withOptions, chooseVideo)).toMatchObject({ type: PostType.video, pollOptions: [] });
    expect(run(...withOptions, { type: 'pollRemoved' })).toMatchObject({
      type: PostType.text,
      pollOptions: [],
    });
  });

  it('switches to youtube when the text holds a YouTube link, and back to text without one', () => {
    const linked = run({ type: 'textChanged', text: youtubeText });
    expect(linked.type).toBe(PostType.youtube);
    expect(linked.youtube).toEqual({
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      videoId: 'dQw4w9WgXcQ',
    });
    const unlinked = composerReducer(linked, { type: 'textChanged', text: 'Vejam hoje' });
    expect(unlinked.type).toBe(PostType.text);
    expect(unlinked.youtube).toBeNull();
  });

  it('removes the embedded frame for a non-youtube type', () => {
    const linked = run({ type: 'textChanged', text: youtubeText });
    expect(composerReducer(linked, chooseImage)).toMatchObject({ type: PostType.image, youtube: null });
    expect(composerReducer(linked, { type: 'pollStarted' })).toMatchObject({
      type: PostType.poll,
      youtube: null,
    });
  });

  it('keeps a chosen image or poll when a link is typed, and turns youtube once they are removed', () => {
    const withImage = run(chooseImage, { type: 'textChanged', text: youtubeText });
    expect(withImage).toMatchObject({ type: PostType.image, youtube: null });
    expect(composerReducer(withImage, { type: 'mediaRemoved' })).toMatchObject({
      type: PostType.youtube,
      media: null,
      youtube: { videoId: 'dQw4w9WgXcQ' },
    });
    const poll = run({ type: 'pollStarted' }, { type: 'textChanged', text: youtubeText });
    expect(poll.type).toBe(PostType.poll);
    expect(composerReducer(poll, { type: 'pollOptionRemoved', index: 0 }).type).toBe(PostType.youtube);
  });

  it('takes an image or a video as the post type, one medium at a time', () => {
    const withImage = run(chooseImage);
    expect(withImage.type).toBe(PostType.image);
    expect(withImage.media).toMatchObject({ kind: 'image', previewUrl: 'blob:image', thumbnailUrl: null });
    const replaced = composerReducer(withImage, chooseVideo);
    expect(replaced).toMatchObject({
      type: PostType.video,
      media: { kind: 'video', previewUrl: 'blob:video' },
    });
    expect(composerReducer(replaced, { type: 'mediaRemoved' })).toMatchObject({
      type: PostType.text,
      media: null,
    });
  });

  it('keeps the video thumbnail only for the video it was taken from', () => {
    const state = run(chooseVideo);
    const stale = composerReducer(state, {
      type: 'videoThumbnailTaken',
      previewUrl: 'blob:old',
      thumbnailUrl: 'data:x',
    });
    expect(stale.media?.thumbnailUrl).toBeNull();
    const taken = composerReducer(state, {
      type: 'videoThumbnailTaken',
      previewUrl: 'blob:video',
      thumbnailUrl: 'data:x',
    });
    expect(taken.media?.thumbnailUrl).toBe('data:x');
  });

  it('chooses groups, follows the timeline group until the user picks, and toggles comments', () => {
    const followed = run({ type: 'defaultGroupOffered', idGrupo: 11 });
    expect(followed.groupIds).toEqual([11]);
    const picked = composerReducer(followed, { type: 'groupToggled', idGrupo: 12 });
    expect(picked.groupIds).toEqual([11, 12]);
    expect(composerReducer(picked, { type: 'defaultGroupOffered', idGrupo: 13 }).groupIds).toEqual([11, 12]);
    expect(composerReducer(picked, { type: 'groupToggled', idGrupo: 11 }).groupIds).toEqual([12]);
    expect(run({ type: 'allowCommentsToggled' }).allowComments).toBe(false);
    expect(run({ type: 'backgroundChosen', color: '#fef3c7' }).backgroundColor).toBe('#fef3c7');
  });

  it('sets the publish and draft loading flags, and starts over after sending, keeping the groups', () => {
    expect(run({ type: 'sendStarted', mode: 'publish' }).sending).toBe('publish');
    expect(run({ type: 'sendStarted', mode: 'draft' }).sending).toBe('draft');
    expect(run({ type: 'sendStarted', mode: 'draft' }, { type: 'sendFailed' }).sending).toBeNull();
    const sent = run(
      { type: 'groupToggled', idGrupo: 11 },
      { type: 'textChanged', text: 'Olá' },
      chooseImage,
      { type: 'sendStarted', mode: 'publish' },
      { type: 'sent' },
    );
    expect(sent).toMatchObject({
      text: '',
      type: PostType.text,
      media: null,
      sending: null,
      groupIds: [10, 11],
    });
  });
});
