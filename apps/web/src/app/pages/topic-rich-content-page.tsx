export { TopicRichContentPage as default } from './topic-page';
