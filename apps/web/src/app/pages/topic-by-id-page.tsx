export { TopicByIdPage as default } from './topic-page';
